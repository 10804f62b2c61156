/** Time is injected so rules about opening hours, expiry and slots can be tested at any instant. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date | string): Clock {
  const instant = new Date(at);
  return { now: () => new Date(instant) };
}

/** Business hours, slots and "today" are always decided in this zone, whatever the server's TZ. */
export const SHOP_TIME_ZONE = 'Europe/Berlin';
