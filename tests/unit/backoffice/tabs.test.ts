import { describe, expect, it } from 'vitest';
import { hiddenTabsCss, roleInlineScript, sectionsFor, ROLE_ATTRIBUTE } from '../../../src/features/backoffice/model/tabs';

describe('back-office tabs per role', () => {
  it('pharmacists see no figures, tools or remote config, managers no analytics, tools or remote config, operators everything', () => {
    expect(sectionsFor('pharmacist')).toEqual(['orders', 'chat', 'stock', 'settings', 'staff']);
    expect(sectionsFor('manager')).toEqual(['orders', 'dashboard', 'chat', 'stock', 'settings', 'staff']);
    expect(sectionsFor('operator')).toHaveLength(9);
  });

  it('the CSS hides exactly the tabs a role does not see', () => {
    const css = hiddenTabsCss();
    expect(css).toContain('html[data-bo-role="pharmacist"] .bo-tabs li[data-tab="dashboard"]');
    expect(css).toContain('html[data-bo-role="manager"] .bo-tabs li[data-tab="tools"]');
    expect(css).toContain('html[data-bo-role="manager"] .bo-tabs li[data-tab="config"]');
    expect(css).toContain('html[data-bo-role="pharmacist"] .bo-tabs li[data-tab="config"]');
    expect(css).not.toContain('data-bo-role="manager"] .bo-tabs li[data-tab="dashboard"]');
    expect(css).not.toContain('"operator"');
  });

  function run(stored: string | null): string | null {
    let set: string | null = null;
    const fakeDocument = { documentElement: { setAttribute: (name: string, value: string) => name === ROLE_ATTRIBUTE && (set = value) } };
    const fakeStorage = { getItem: () => stored };
    new Function('localStorage', 'document', roleInlineScript('apobote.profile'))(fakeStorage, fakeDocument);
    return set;
  }

  it('the inline script reads the staff role from the cached profile and ignores anything else', () => {
    expect(run(JSON.stringify({ id: 'u', role: 'manager' }))).toBe('manager');
    expect(run(JSON.stringify({ id: 'u', role: 'customer' }))).toBeNull();
    expect(run(null)).toBeNull();
    expect(run('{broken')).toBeNull();
  });
});
