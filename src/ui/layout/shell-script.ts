/**
 * The shell's only module script (a few hundred bytes): closes header menus on Escape, outside
 * click or when another opens, and keeps the query string when switching language.
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
