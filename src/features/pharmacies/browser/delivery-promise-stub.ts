/*
 * The home hero's postal-code form loads its logic on first focus (or a submit before that), so
 * the page ships only these few lines before interaction.
 */
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-delivery-promise]')) {
  let loading: Promise<void> | null = null;
  const load = () => (loading ??= import('./delivery-promise').then((module) => module.setUp(form)));
  form.addEventListener('focusin', () => void load());
  form.addEventListener('submit', (event) => {
    if (form.dataset.ready) return;
    event.preventDefault();
    void load().then(() => form.requestSubmit());
  });
}
