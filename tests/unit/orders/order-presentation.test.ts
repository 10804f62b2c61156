import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../../src/features/orders/model/order-machine';
import { orderLabel, purchaseState, tracking } from '../../../src/features/orders/model/order-presentation';
import { orderLabelText, trackingStageText } from '../../../src/features/orders/model/order-texts';

describe('order labels (spec §4)', () => {
  it('shows every status with one of the spec’s labels', () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((status) => [status, orderLabel(status)]))).toEqual({
      awaiting_payment: 'pending',
      pending: 'order_taken',
      paid: 'paid',
      packed: 'packed',
      in_transit: 'in_transit',
      delivered: 'delivered',
      closed: 'closed',
      archived: 'archived',
      rejected: 'refunded',
      refunded: 'refunded',
      cancelled: 'cancelled',
      expired: 'cancelled',
    });
  });

  it('has the label text in both languages', () => {
    expect(orderLabelText('pending', 'en')).toBe('Order taken');
    expect(orderLabelText('pending', 'de')).toBe('Bestellung aufgenommen');
    expect(orderLabelText('in_transit', 'de')).toBe('Unterwegs');
    expect(orderLabelText('rejected', 'en')).toBe('Refunded');
    for (const status of ORDER_STATUSES) {
      expect(orderLabelText(status, 'en')).not.toBe('');
      expect(orderLabelText(status, 'de')).not.toBe('');
    }
  });
});

describe('purchase states', () => {
  it('are pending until the pharmacy decides, fulfilled once it accepted, rejected when the money went back', () => {
    expect(Object.fromEntries(ORDER_STATUSES.map((status) => [status, purchaseState(status)]))).toEqual({
      awaiting_payment: 'PURCHASE_PENDING',
      pending: 'PURCHASE_PENDING',
      paid: 'PURCHASE_FULFILLED',
      packed: 'PURCHASE_FULFILLED',
      in_transit: 'PURCHASE_FULFILLED',
      delivered: 'PURCHASE_FULFILLED',
      closed: 'PURCHASE_FULFILLED',
      archived: 'PURCHASE_FULFILLED',
      rejected: 'PURCHASE_REJECTED',
      cancelled: 'PURCHASE_REJECTED',
      expired: 'PURCHASE_REJECTED',
      refunded: 'PURCHASE_REJECTED',
    });
  });
});

describe('tracking', () => {
  it('walks order taken, pharmaceutical check, picked up, at your door for deliveries', () => {
    expect(tracking('pending', 'courier')).toEqual({ stages: ['order_taken', 'pharmaceutical_check', 'picked_up', 'at_your_door'], current: 0, currentStage: 'order_taken' });
    expect(tracking('paid', 'courier').currentStage).toBe('pharmaceutical_check');
    expect(tracking('packed', 'courier').currentStage).toBe('pharmaceutical_check');
    expect(tracking('in_transit', 'parcel').currentStage).toBe('picked_up');
    expect(tracking('delivered', 'courier').currentStage).toBe('at_your_door');
  });

  it('ends at the counter for self-pickup', () => {
    expect(tracking('packed', 'pickup')).toMatchObject({ current: 2, currentStage: 'ready_for_pickup' });
    expect(tracking('delivered', 'pickup').currentStage).toBe('collected');
    expect(trackingStageText('ready_for_pickup', 'de')).toBe('Abholbereit');
    expect(trackingStageText('at_your_door', 'de')).toBe('An Ihrer Tür');
  });

  it('shows no progress for orders not on their way', () => {
    for (const status of ['awaiting_payment', 'rejected', 'cancelled', 'expired', 'refunded'] as const) {
      expect(tracking(status, 'courier')).toMatchObject({ current: null, currentStage: null });
    }
  });
});
