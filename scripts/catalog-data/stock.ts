import { unitHash } from './hash';

/**
 * Deterministic demo stock: most products plenty, about 5 % sold out, about 5 % low (1-3), and a few
 * not carried at all (no row). Derived from the pair so adding a product leaves the others unchanged.
 * `coverage` is the share of products a pharmacy carries: the synthetic catalogue lowers it so that
 * 10 000 products × 22 pharmacies do not become 200 000 stock rows.
 */
export function stockQuantity(pharmacyId: string, pzn: string, coverage = 0.94): number | null {
  if (unitHash(`carried|${pharmacyId}|${pzn}`) >= coverage) return null;
  const roll = unitHash(`stock|${pharmacyId}|${pzn}`);
  if (roll < 0.05) return 0;
  if (roll < 0.1) return 1 + Math.floor(unitHash(`low|${pharmacyId}|${pzn}`) * 3);
  return 5 + Math.floor(unitHash(`qty|${pharmacyId}|${pzn}`) * 146);
}

export function stockCsv(pharmacyIds: readonly string[], pzns: readonly string[], coverage?: number): string {
  const lines = ['pharmacyId,pzn,quantity'];
  for (const pharmacyId of pharmacyIds) {
    for (const pzn of pzns) {
      const quantity = stockQuantity(pharmacyId, pzn, coverage);
      if (quantity !== null) lines.push(`${pharmacyId},${pzn},${quantity}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
