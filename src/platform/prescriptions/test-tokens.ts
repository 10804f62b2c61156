/**
 * E-Rezept tokens the built-in stand-in knows, for the demo, the e2e suite and the redeem screen's
 * demo hint (the README lists them beside the test cards). All have valid check digits; the
 * access codes are patterns so nobody mistakes them for a patient's. Any other valid token resolves
 * to one to three prescription-only products of the catalogue. Browser-safe: no imports.
 */
export const TEST_PRESCRIPTION_TOKENS = {
  /** Statutory (flow type 160): resolves to prescription-only products; co-payment applies. */
  statutory: { prescriptionId: '160.123.456.789.123.58', accessCode: '0123456789abcdef'.repeat(4) },
  /** Private (flow type 200): resolves to prescription-only products, paid in full. */
  private: { prescriptionId: '200.000.000.000.100.62', accessCode: 'fedcba9876543210'.repeat(4) },
  /** PRESCRIPTION_ALREADY_REDEEMED: dispensed by another pharmacy. */
  alreadyRedeemed: { prescriptionId: '160.000.000.000.001.54', accessCode: 'a'.repeat(64) },
  /** PRESCRIPTION_EXPIRED: past the date it could be dispensed. */
  expired: { prescriptionId: '160.000.000.000.002.51', accessCode: 'e'.repeat(64) },
  /** PRESCRIPTION_NOT_FOUND: the TI knows no such prescription (deleted by the practice). */
  notFound: { prescriptionId: '160.000.000.000.003.48', accessCode: 'f'.repeat(64) },
  /** PRESCRIPTION_SERVICE_UNAVAILABLE: the TI does not answer (every time, for this token). */
  unavailable: { prescriptionId: '160.000.000.000.004.45', accessCode: 'd'.repeat(64) },
  /**
   * PRESCRIPTION_SENT_TO_PHARMACY: flow type 169, sent by the prescriber straight to a pharmacy.
   * The shop refuses it while reading the token, before the stand-in is asked.
   */
  sentToPharmacy: { prescriptionId: '169.000.000.000.005.50', accessCode: 'b'.repeat(64) },
} as const;

export type TestPrescriptionTokenName = keyof typeof TEST_PRESCRIPTION_TOKENS;

/** The `Task/…/$accept?ac=…` line of a test token, as an app or the Data Matrix code holds it. */
export function testTokenLine(name: TestPrescriptionTokenName): string {
  const { prescriptionId, accessCode } = TEST_PRESCRIPTION_TOKENS[name];
  return `Task/${prescriptionId}/$accept?ac=${accessCode}`;
}
