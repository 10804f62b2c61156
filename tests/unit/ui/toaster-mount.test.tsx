// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountToaster } from '../../../src/ui/toast/mount-toaster';

describe('mountToaster', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast at the top centre, 60 px down (40 px from the bottom), for 4 seconds (spec §2, §9)', async () => {
    // Simulated time, advanced only here: act() renders without letting any time pass.
    vi.useFakeTimers();
    const toast = await act(() => mountToaster(document));
    expect(document.getElementById('toasts')).not.toBeNull();
    await act(async () => {
      toast.error('Login failed', { description: 'Wrong password' });
      // Sonner adds the toast in a zero-delay timeout.
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(document.body.textContent).toContain('Login failed');
    expect(document.body.textContent).toContain('Wrong password');
    const region = document.querySelector('section[aria-label]');
    expect(region?.getAttribute('aria-label')).toMatch(/^Notifications/);

    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect([list.dataset.yPosition, list.dataset.xPosition]).toEqual(['top', 'center']);
    for (const variable of ['--offset-top', '--mobile-offset-top']) expect(list.style.getPropertyValue(variable)).toBe('60px');
    for (const variable of ['--offset-bottom', '--mobile-offset-bottom']) expect(list.style.getPropertyValue(variable)).toBe('40px');

    // 4 s on screen, then sonner's 200 ms exit.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_990);
    });
    expect(document.querySelector<HTMLElement>('[data-sonner-toast]')?.dataset.removed).toBe('false');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(260);
    });
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(document.body.textContent).not.toContain('Login failed');
  });
});
