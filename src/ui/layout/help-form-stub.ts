/*
 * The help widget's contact form loads its logic on first focus (or a submit before that), as the
 * home hero's postal-code form does, so pages ship only these few lines before interaction.
 */
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-help-form]')) {
  let loading: Promise<void> | null = null;
  const load = () => (loading ??= import('./help-form').then((module) => module.setUp(form)));
  form.addEventListener('focusin', () => void load());
  form.addEventListener('submit', (event) => {
    if (form.dataset.ready) return;
    event.preventDefault();
    void load().then(() => form.requestSubmit());
  });
}
