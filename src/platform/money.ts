/**
 * Integer-cent arithmetic (checkout totals, coupon shares). Every amount is a non-negative integer number of euro cents;
 * fractions appear only inside these functions and are resolved by the rule each one states.
 */

const assertCents = (value: number, name: string) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be non-negative integer cents, got ${value}`);
};

/** `cents × percent / 100`, rounded half up to a cent (12.5 ct → 13 ct), exact in integers. */
export function percentOfCents(cents: number, percent: number): number {
  assertCents(cents, 'cents');
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`percent must be an integer 0–100, got ${percent}`);
  return Math.floor((cents * percent + 50) / 100);
}

/**
 * Splits `amount` over `weights` in proportion, so the parts add up to exactly `amount`
 * (largest-remainder method: every part is floored, then the cents left over go to the parts with
 * the largest fractions, earlier parts first on a tie). No part exceeds its weight when
 * amount ≤ Σ weights, which is how a discount is spread over the lines it applies to.
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  assertCents(amount, 'amount');
  weights.forEach((weight) => assertCents(weight, 'weight'));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (amount === 0 || total === 0) return weights.map(() => 0);
  if (amount > total) throw new RangeError(`cannot apportion ${amount} over weights totalling ${total}`);
  const parts = weights.map((weight) => Math.floor((amount * weight) / total));
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (amount * weight) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}
