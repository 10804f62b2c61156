// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { TOASTER_PROPS, mountToaster } from '../../../src/ui/toast/mount-toaster';

describe('mountToaster', () => {
  it('mounts sonner with the spec settings and shows a toast', async () => {
    expect(TOASTER_PROPS).toMatchObject({ position: 'top-center', duration: 4000, offset: { top: 60, bottom: 40 } });
    const toast = mountToaster(document);
    expect(document.getElementById('toasts')).not.toBeNull();
    toast.error('Login failed', { description: 'Wrong password' });
    await vi.waitFor(() => {
      expect(document.body.textContent).toContain('Login failed');
      expect(document.body.textContent).toContain('Wrong password');
    });
    const region = document.querySelector('section[aria-label]');
    expect(region?.getAttribute('aria-label')).toMatch(/^Notifications/);
  });
});
