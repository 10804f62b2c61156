import { describe, expect, it } from 'vitest';
import { basePrice } from '../../../src/features/catalog/model/base-price';

describe('base price (Grundpreis, PAngV)', () => {
  it('is per kilogram for grams', () => {
    expect(basePrice(749, 50, 'g')).toEqual({ cents: 14980, per: 'kg' });
  });

  it('is per litre for millilitres', () => {
    expect(basePrice(299, 10, 'ml')).toEqual({ cents: 29900, per: 'l' });
    expect(basePrice(1895, 200, 'ml')).toEqual({ cents: 9475, per: 'l' });
  });

  it('handles kg and l packs', () => {
    expect(basePrice(3499, 2, 'kg')).toEqual({ cents: 1750, per: 'kg' });
    expect(basePrice(899, 0.5, 'l')).toEqual({ cents: 1798, per: 'l' });
  });

  it('is not needed under 10 g or 10 ml', () => {
    expect(basePrice(449, 4.8, 'g')).toBeNull();
    expect(basePrice(899, 6, 'ml')).toBeNull();
    expect(basePrice(899, 9.99, 'ml')).toBeNull();
  });

  it('is shown from exactly 10 g / 10 ml', () => {
    expect(basePrice(849, 10, 'g')).toEqual({ cents: 84900, per: 'kg' });
  });

  it('is not needed for pieces', () => {
    expect(basePrice(549, 20, 'pcs')).toBeNull();
  });

  it('is not needed when it equals the price (1 kg / 1 l)', () => {
    expect(basePrice(3499, 1000, 'g')).toBeNull();
    expect(basePrice(3499, 1, 'kg')).toBeNull();
    expect(basePrice(1299, 1000, 'ml')).toBeNull();
  });

  it('rounds to the nearest cent', () => {
    // 3,49 € for 75 ml = 46,5333… €/l
    expect(basePrice(349, 75, 'ml')).toEqual({ cents: 4653, per: 'l' });
    // 5,99 € for 15 g = 399,333… €/kg
    expect(basePrice(599, 15, 'g')).toEqual({ cents: 39933, per: 'kg' });
    // 1,25 € for 200 g = 6,25 €/kg exactly; 1,99 € for 300 ml = 6,6333 €/l
    expect(basePrice(125, 200, 'g')).toEqual({ cents: 625, per: 'kg' });
    expect(basePrice(199, 300, 'ml')).toEqual({ cents: 663, per: 'l' });
  });

  it('refuses nonsense input', () => {
    expect(basePrice(100, 0, 'g')).toBeNull();
    expect(basePrice(10.5, 50, 'g')).toBeNull();
  });
});
