/**
 * Base price (Grundpreis, PAngV): goods sold by weight or volume show their price per 1 kg or 1 l.
 * Not shown under 10 g / 10 ml, where it equals the price (exactly 1 kg / 1 l), or for pieces.
 */
export type PackageUnit = 'g' | 'kg' | 'ml' | 'l' | 'pcs';

export interface BasePrice {
  cents: number;
  per: 'kg' | 'l';
}

export function basePrice(priceCents: number, amount: number, unit: PackageUnit): BasePrice | null {
  if (!(amount > 0) || !Number.isInteger(priceCents)) return null;
  let litresOrKilos: number;
  let per: BasePrice['per'];
  switch (unit) {
    case 'g':
      if (amount < 10) return null;
      litresOrKilos = amount / 1000;
      per = 'kg';
      break;
    case 'ml':
      if (amount < 10) return null;
      litresOrKilos = amount / 1000;
      per = 'l';
      break;
    case 'kg':
      litresOrKilos = amount;
      per = 'kg';
      break;
    case 'l':
      litresOrKilos = amount;
      per = 'l';
      break;
    default:
      return null;
  }
  if (litresOrKilos === 1) return null;
  return { cents: Math.round(priceCents / litresOrKilos), per };
}
