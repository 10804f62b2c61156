import { describe, expect, it, vi } from 'vitest';
import { Hub, type RealtimeEvent } from '../../../src/platform/realtime/hub';
import { parseTopic, topicOf } from '../../../src/platform/realtime';

const event = (id: number, topic: RealtimeEvent['topic']): RealtimeEvent => ({ id, topic, type: 'order.status', data: { id }, at: '2026-06-16T08:00:00.000Z' });

describe('the in-process hub', () => {
  it("delivers an event to its topic's listeners only, in publication order", () => {
    const hub = new Hub();
    const mine: number[] = [];
    const theirs: number[] = [];
    hub.subscribe('order:a', (e) => mine.push(e.id));
    hub.subscribe('order:b', (e) => theirs.push(e.id));
    hub.deliver(event(1, 'order:a'));
    hub.deliver(event(2, 'order:b'));
    hub.deliver(event(3, 'order:a'));
    expect(mine).toEqual([1, 3]);
    expect(theirs).toEqual([2]);
  });

  it('forgets a listener that unsubscribed, and a topic nobody follows any more', () => {
    const hub = new Hub();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = hub.subscribe('user:u1', first);
    const stopSecond = hub.subscribe('user:u1', second);
    expect(hub.count('user:u1')).toBe(2);
    stopFirst();
    hub.deliver(event(1, 'user:u1'));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    stopSecond();
    stopSecond();
    expect(hub.count()).toBe(0);
  });

  it('keeps delivering to the others when one listener throws', () => {
    const hub = new Hub();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    hub.subscribe('pharmacy:p1', () => {
      throw new Error('broken screen');
    });
    hub.subscribe('pharmacy:p1', after);
    hub.deliver(event(7, 'pharmacy:p1'));
    expect(after).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

describe('topics', () => {
  it('are <kind>:<id> for orders, users and pharmacies', () => {
    expect(topicOf('order', '5b0c1c9e-9f1d-4c55-8c1e-2f3a4b5c6d7e')).toBe('order:5b0c1c9e-9f1d-4c55-8c1e-2f3a4b5c6d7e');
    expect(parseTopic('pharmacy:berlin-alexanderplatz')).toEqual({ kind: 'pharmacy', id: 'berlin-alexanderplatz', topic: 'pharmacy:berlin-alexanderplatz' });
    for (const bad of ['', 'order', 'order:', 'chat:1', 'order:a:b', 'order:a b', `order:${'x'.repeat(101)}`]) expect(parseTopic(bad), bad).toBeNull();
    expect(() => topicOf('user', '../etc')).toThrow(RangeError);
  });
});
