import { isOpenAt, type WeeklyHours } from '../../pharmacies';

const STEP_MS = 5 * 60_000;
/** Beyond this a pharmacy is taken as not opening at all, and the plain TTL applies. */
const HORIZON_MS = 8 * 24 * 60 * 60_000;

/**
 * When a placed offer lapses if the pharmacy has not answered: after `ttlMinutes` of the pharmacy's
 * opening time. An order placed while it is open waits `ttlMinutes`; one placed at night (a
 * pre-order) waits until the pharmacy has been open that long the next morning. Counted in
 * 5-minute steps on Berlin clocks (isOpenAt), which is precise enough for a deadline.
 */
export function answerDeadline(hours: WeeklyHours, placedAt: Date, ttlMinutes: number): Date {
  const needed = ttlMinutes * 60_000;
  let open = 0;
  for (let t = placedAt.getTime(); t < placedAt.getTime() + HORIZON_MS; t += STEP_MS) {
    if (isOpenAt(hours, new Date(t))) open += STEP_MS;
    if (open >= needed) return new Date(t + STEP_MS);
  }
  return new Date(placedAt.getTime() + needed);
}
