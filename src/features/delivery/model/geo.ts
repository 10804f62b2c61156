import { distanceKm } from '../../../platform/geocoding/distance';

/*
 * The geometry of a delivery, pure so the server, the map and the simulator share it: where a
 * position may be, how far the courier still has to go and when they will be at the door.
 */

export interface Point {
  lat: number;
  lng: number;
}

/** A bicycle courier in a city, door to door: 15 km/h. */
export const BIKE_SPEED_KMH = 15;
/** The courier app sends its position this often while a delivery runs. */
export const POSITION_INTERVAL_MS = 5_000;
/** The part of the way a straight line misses in streets: real routes are about 30 % longer. */
export const DETOUR_FACTOR = 1.3;

/** A real position on earth (finite, latitude ±90, longitude ±180); anything else is a bad request. */
export function isValidPoint(value: { lat: unknown; lng: unknown }): value is Point {
  const { lat, lng } = value;
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

export const distanceBetween = (a: Point, b: Point): number => distanceKm(a, b);

/** Kilometres still to ride from `courier` to `destination`, allowing for streets. */
export const remainingKm = (courier: Point, destination: Point): number => distanceKm(courier, destination) * DETOUR_FACTOR;

/** Whole minutes until the door at bike speed (at least 1 while not there). */
export function etaMinutes(courier: Point, destination: Point, speedKmh = BIKE_SPEED_KMH): number {
  const km = remainingKm(courier, destination);
  if (km < 0.03) return 0;
  return Math.max(1, Math.round((km / speedKmh) * 60));
}

/** Length of a path in kilometres. */
export function pathKm(points: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += distanceKm(points[i - 1]!, points[i]!);
  return total;
}

/** A small seeded generator (mulberry32): the simulator's wiggles are the same on every run with one seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A plausible ride from `from` to `to`: city streets run in blocks, so the way alternates between
 * north–south and east–west legs of a few hundred metres (with a little jitter) rather than
 * crossing houses on a straight line. Ends exactly at `to`.
 */
export function plausibleRoute(from: Point, to: Point, seed = 1): Point[] {
  const random = seededRandom(seed);
  const legs = Math.max(2, Math.min(12, Math.round(distanceKm(from, to) / 0.35)));
  const points: Point[] = [from];
  let current = from;
  for (let i = 1; i <= legs; i++) {
    const share = i / legs;
    const target = i === legs ? to : { lat: from.lat + (to.lat - from.lat) * share + (random() - 0.5) * 0.0008, lng: from.lng + (to.lng - from.lng) * share + (random() - 0.5) * 0.0012 };
    // One corner per leg: first along one axis, then the other (alternating).
    const corner = i % 2 === 0 ? { lat: current.lat, lng: target.lng } : { lat: target.lat, lng: current.lng };
    points.push(corner, target);
    current = target;
  }
  return points;
}

/**
 * Positions along `route` every `intervalMs` at `speedKmh`: what a courier's phone would report.
 * The last one is the route's end.
 */
export function positionsAlong(route: readonly Point[], speedKmh = BIKE_SPEED_KMH, intervalMs = POSITION_INTERVAL_MS): Point[] {
  const stepKm = (speedKmh * intervalMs) / 3_600_000;
  const out: Point[] = [];
  let carried = 0;
  for (let i = 1; i < route.length; i++) {
    const a = route[i - 1]!;
    const b = route[i]!;
    const leg = distanceKm(a, b);
    let at = stepKm - carried;
    while (at <= leg) {
      const share = leg === 0 ? 1 : at / leg;
      out.push({ lat: a.lat + (b.lat - a.lat) * share, lng: a.lng + (b.lng - a.lng) * share });
      at += stepKm;
    }
    carried = leg - (at - stepKm);
  }
  const end = route[route.length - 1]!;
  out.push(end);
  return out;
}
