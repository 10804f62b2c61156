import type { StaffRole } from '../../../platform/auth/roles';

/**
 * The back office's tabs and who sees which. The server refuses the routes anyway (pharmacists 403
 * on the figures, managers 403 on the operator's screens); hiding the tabs only spares staff a dead
 * end. The pages are prebuilt, so the role is read in the browser from the cached profile
 * (`apobote.profile`, written at login) by a tiny inline <head> script before first paint: no tab
 * appears and then vanishes (no layout shift).
 */
export const BACK_OFFICE_SECTIONS = ['orders', 'dashboard', 'chat', 'stock', 'settings', 'staff', 'analytics', 'tools', 'config'] as const;
export type BackOfficeSection = (typeof BACK_OFFICE_SECTIONS)[number];

const HIDDEN: Record<StaffRole, readonly BackOfficeSection[]> = {
  pharmacist: ['dashboard', 'analytics', 'tools', 'config'],
  manager: ['analytics', 'tools', 'config'],
  operator: [],
};

/** The tabs a role sees, in tab order. */
export function sectionsFor(role: StaffRole): BackOfficeSection[] {
  return BACK_OFFICE_SECTIONS.filter((section) => !HIDDEN[role].includes(section));
}

/** The attribute the inline script sets on <html>; the tab bar's CSS hides by it. */
export const ROLE_ATTRIBUTE = 'data-bo-role';

/** CSS rules hiding each role's tabs (`<li data-tab="…">` in the tab bar). */
export function hiddenTabsCss(): string {
  return (Object.keys(HIDDEN) as StaffRole[])
    .filter((role) => HIDDEN[role].length > 0)
    .map((role) => `${HIDDEN[role].map((section) => `html[${ROLE_ATTRIBUTE}="${role}"] .bo-tabs li[data-tab="${section}"]`).join(',')}{display:none}`)
    .join('');
}

/**
 * The inline script: the cached profile's staff role onto <html>. Anything unreadable (no profile,
 * storage blocked, a customer) sets nothing and every tab shows; the server still decides.
 */
export function roleInlineScript(profileKey: string): string {
  return (
    '(function(){try{var p=JSON.parse(localStorage.getItem(' +
    JSON.stringify(profileKey) +
    ')||"null");var r=p&&p.role;if(' +
    JSON.stringify(Object.keys(HIDDEN)) +
    `.indexOf(r)>=0)document.documentElement.setAttribute(${JSON.stringify(ROLE_ATTRIBUTE)},r)}catch(e){}})();`
  );
}
