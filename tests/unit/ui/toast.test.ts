import { describe, expect, it, vi } from 'vitest';
import { createToastFacade, type ToastApi } from '../../../src/ui/toast/toast';

function fakeApi() {
  return { success: vi.fn(), error: vi.fn() } satisfies ToastApi;
}

describe('toast facade', () => {
  it('loads the Toaster lazily, once, and dispatches by type', async () => {
    const api = fakeApi();
    const load = vi.fn(async () => api);
    const show = createToastFacade(load);
    expect(load).not.toHaveBeenCalled();

    await Promise.all([
      show({ type: 'success', title: 'Saved' }),
      show({ type: 'error', title: 'Login failed', description: 'Wrong password' }),
    ]);

    expect(load).toHaveBeenCalledTimes(1);
    expect(api.success).toHaveBeenCalledWith('Saved', undefined);
    expect(api.error).toHaveBeenCalledWith('Login failed', { description: 'Wrong password' });
  });

  it('retries the load after a failure', async () => {
    const api = fakeApi();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(api);
    const show = createToastFacade(load);
    await expect(show({ type: 'error', title: 'x' })).rejects.toThrow('offline');
    await show({ type: 'error', title: 'y' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(api.error).toHaveBeenCalledWith('y', undefined);
  });
});
