/**
 * The shell's only module script (a few hundred bytes): closes header menus on Escape, outside
 * click or when another opens, keeps the query string when switching language, and loads the help
 * widget's contact form on first use. One script, not one per header part: catalogue pages count
 * every script file against their 20 KB.
 */
function menus(): HTMLDetailsElement[] {
  return Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-menu]'));
}

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  for (const menu of menus()) {
    if (!menu.open) continue;
    menu.open = false;
    // Return focus to the trigger so keyboard users do not lose their place.
    if (menu.contains(document.activeElement)) menu.querySelector('summary')?.focus();
  }
});

document.addEventListener('click', (event) => {
  const target = event.target instanceof Node ? event.target : null;
  for (const menu of menus()) {
    if (menu.open && target && !menu.contains(target)) menu.open = false;
  }
});

for (const menu of menus()) {
  menu.addEventListener('toggle', () => {
    if (!menu.open) return;
    for (const other of menus()) if (other !== menu) other.open = false;
  });
}

for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-lang-switch]')) {
  link.addEventListener('click', () => {
    if (location.search || location.hash) link.href = link.pathname + location.search + location.hash;
  });
}

// The help widget's contact form loads its logic on first focus (or a submit before that), as the
// home hero's postal-code form does.
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
