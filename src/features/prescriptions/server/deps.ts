import type { PrescriptionSystem, PrescriptionTokenRef, TokenVault } from '../../../platform/prescriptions';
import { parseTaskUrl } from '../model/token';

/**
 * What the prescription functions need besides the database: the pharmacy's prescription system
 * (the seam; src/app/api.ts chooses it from the environment) and the token vault. Load the vault
 * with `prescriptionTokenVault(db)` before a transaction starts: on PGlite the transaction holds
 * the only connection, and a first use would read the demo key through it.
 */
export interface PrescriptionDeps {
  system: PrescriptionSystem;
  vault: TokenVault;
}

/** The seam's view of a token opened from the vault (the canonical form carries the id and flow type). */
export function tokenRefOf(canonical: string): PrescriptionTokenRef | null {
  const parsed = parseTaskUrl(canonical);
  return parsed.ok ? parsed.value : null;
}

/** How long the erasure waits for the pharmacy's system to take a prescription back before recording it for later. */
export const ERASURE_RETURN_WAIT_MS = 2000;

/** A seam call that never throws and gives up after `ms` (the answer it would have given is then lost, not late). */
export async function bounded<T>(work: Promise<T>, ms: number, onTimeout: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout), ms);
  });
  try {
    return await Promise.race([work.catch(() => onTimeout), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Warnings name the operation and the outcome's code, never a token, a PrescriptionID or a user. */
export function warn(msg: string, code: string): void {
  console.warn(JSON.stringify({ time: new Date().toISOString(), level: 'warn', msg, code }));
}
