import { describe, expect, it } from 'vitest';
import { canRebook, missedDeliveryState } from '../../../src/features/delivery/model/missed';

describe('missed delivery state', () => {
  it('is open while the order is packed after the latest delivery came back and nothing was chosen', () => {
    expect(missedDeliveryState('packed', { state: 'returned', rebookedAs: null })).toBe('open');
    expect(canRebook('open')).toBe(true);
  });

  it('names the choice once made, and can then not be chosen again', () => {
    expect(missedDeliveryState('packed', { state: 'returned', rebookedAs: 'courier' })).toBe('courier');
    expect(missedDeliveryState('packed', { state: 'returned', rebookedAs: 'pickup' })).toBe('pickup');
    expect(canRebook('courier')).toBe(false);
    expect(canRebook('pickup')).toBe(false);
  });

  it('is none when never missed, on its way again, or no longer at the pharmacy', () => {
    expect(missedDeliveryState('packed', null)).toBe('none');
    expect(missedDeliveryState('in_transit', { state: 'running', rebookedAs: null })).toBe('none');
    // Handed to a courier again: the latest delivery is the new one.
    expect(missedDeliveryState('in_transit', { state: 'assigned', rebookedAs: null })).toBe('none');
    // Collected at the counter, or refunded after coming back.
    expect(missedDeliveryState('delivered', { state: 'returned', rebookedAs: 'pickup' })).toBe('none');
    expect(missedDeliveryState('refunded', { state: 'returned', rebookedAs: null })).toBe('none');
    expect(canRebook('none')).toBe(false);
  });
});
