/**
 * The customer's co-payment exemption (Zuzahlungsbefreiung, § 62 SGB V) as stored: the last day of
 * the certificate, or none. It counts up to and including that day, in Berlin.
 */
export interface CoPaymentExemption {
  /** ISO date (YYYY-MM-DD), or null when the customer stated none. */
  validUntil: string | null;
}

/** Exempt on `today` (ISO date, Berlin): a stated exemption that has not run out. ISO dates compare as strings. */
export function isExemptOn(exemption: CoPaymentExemption, today: string): boolean {
  return exemption.validUntil !== null && exemption.validUntil >= today;
}
