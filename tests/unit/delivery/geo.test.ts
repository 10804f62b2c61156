import { describe, expect, it } from 'vitest';
import { BIKE_SPEED_KMH, etaMinutes, isValidPoint, pathKm, plausibleRoute, positionsAlong } from '../../../src/features/delivery/client';
import { distanceKm } from '../../../src/platform/geocoding';

const PHARMACY = { lat: 52.5219, lng: 13.4132 };
const DOOR = { lat: 52.5316, lng: 13.3849 };

describe('delivery geometry', () => {
  it('accepts only real positions', () => {
    expect(isValidPoint({ lat: 52.5, lng: 13.4 })).toBe(true);
    expect(isValidPoint({ lat: -90, lng: 180 })).toBe(true);
    for (const bad of [{ lat: 90.1, lng: 0 }, { lat: 0, lng: -180.5 }, { lat: Number.NaN, lng: 0 }, { lat: '52', lng: 13 }, { lat: null, lng: 1 }, { lat: Infinity, lng: 1 }]) {
      expect(isValidPoint(bad as { lat: unknown; lng: unknown })).toBe(false);
    }
  });

  it('estimates minutes at bike speed from the remaining distance, street detour included', () => {
    const km = distanceKm(PHARMACY, DOOR);
    expect(etaMinutes(PHARMACY, DOOR)).toBe(Math.round(((km * 1.3) / BIKE_SPEED_KMH) * 60));
    expect(etaMinutes(DOOR, DOOR)).toBe(0);
    expect(etaMinutes({ lat: DOOR.lat + 0.001, lng: DOOR.lng }, DOOR)).toBe(1);
  });

  it('rides a plausible path: from the pharmacy to the door, in blocks, the same for the same seed', () => {
    const route = plausibleRoute(PHARMACY, DOOR, 42);
    expect(route[0]).toEqual(PHARMACY);
    expect(route.at(-1)).toEqual(DOOR);
    expect(plausibleRoute(PHARMACY, DOOR, 42)).toEqual(route);
    expect(plausibleRoute(PHARMACY, DOOR, 43)).not.toEqual(route);
    const straight = distanceKm(PHARMACY, DOOR);
    expect(pathKm(route)).toBeGreaterThan(straight);
    expect(pathKm(route)).toBeLessThan(straight * 2);
  });

  it('reports positions every interval at bike speed, ending at the door', () => {
    const route = plausibleRoute(PHARMACY, DOOR, 7);
    const positions = positionsAlong(route, BIKE_SPEED_KMH, 5_000);
    const stepKm = (BIKE_SPEED_KMH * 5) / 3600;
    expect(positions.at(-1)).toEqual(DOOR);
    expect(positions.length).toBe(Math.floor(pathKm(route) / stepKm) + 1);
    for (let i = 1; i < positions.length - 1; i++) expect(distanceKm(positions[i - 1]!, positions[i]!)).toBeLessThanOrEqual(stepKm + 1e-9);
  });
});
