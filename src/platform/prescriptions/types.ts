import type { Result } from '../http/result';

/**
 * The seam to the pharmacy's prescription system. In reality that is the Telematikinfrastruktur
 * (TI), reached through the pharmacy's Konnektor and its primary system, which hold the pharmacy's
 * identity (SMC-B); the shop never talks to the TI itself. Built in: a stand-in that simulates it
 * for demos and tests (stand-in.ts); in production an HTTP adapter (http-adapter.ts) whose
 * contract is docs/prescription-system.md.
 */

/**
 * What the seam needs of a token. The prescriptions feature's PrescriptionToken has these fields
 * (the platform cannot import a feature, so it names the shape instead).
 *
 * `canonical` is a bearer secret: implementations send it only in a request body and never put it
 * into a URL, a log line or an Error.
 */
export interface PrescriptionTokenRef {
  /** `Task/<PrescriptionID>/$accept?ac=<accesscode>`. */
  readonly canonical: string;
  /** The dotted PrescriptionID, e.g. 160.123.456.789.123.58. */
  readonly prescriptionId: string;
  /** '160' (statutory) or '200' (private): the shop refuses the others before asking. */
  readonly flowType: string;
}

/** Who asks: the prescription is retrieved for, and dispensed by, this pharmacy. */
export interface PrescriptionRequestContext {
  pharmacyId: string;
}

export type PrescriptionInsurance = 'statutory' | 'private';

export interface PrescribedMedicine {
  /** The prescribed product's PZN, eight digits. */
  pzn: string;
  /** Packs prescribed. */
  quantity: number;
  /** The name as the prescriber wrote it (may differ from the catalogue's). */
  name: string;
  /**
   * Aut idem ("or the same"): true when the pharmacy may hand out an equivalent product instead,
   * false when the prescriber ruled that out. Absent when the system does not say.
   */
  autIdem?: boolean;
}

export interface RetrievedPrescription {
  prescriptionId: string;
  flowType: string;
  insurance: PrescriptionInsurance;
  prescriber: { name: string; practice?: string };
  /** ISO date (YYYY-MM-DD) the prescription was signed. */
  issuedOn: string;
  /** The last ISO date it may be dispensed (for statutory prescriptions: at the insurer's cost). */
  expiresOn: string;
  medicines: PrescribedMedicine[];
}

export type RetrieveFailureCode = 'PRESCRIPTION_ALREADY_REDEEMED' | 'PRESCRIPTION_EXPIRED' | 'PRESCRIPTION_NOT_FOUND' | 'PRESCRIPTION_SERVICE_UNAVAILABLE';
/** A report can meet the same answers: e.g. the prescription expired between retrieving and dispensing. */
export type ReportFailureCode = RetrieveFailureCode;

export interface DispensedReport {
  /** What was handed out, by PZN: with aut idem, possibly another product than prescribed. */
  dispensed: readonly { pzn: string; quantity: number }[];
  /** Sent as Idempotency-Key, so a report retried later (e.g. from the outbox) counts once. */
  idempotencyKey?: string;
}

export interface PrescriptionSystem {
  /** Which implementation answers (for the start-up line and the health page; never secret). */
  readonly kind: 'stand-in' | 'http';
  /**
   * The prescription behind a token. Idempotent for the same pharmacy until the prescription is
   * dispensed or returned: a retry after a timeout gets the same prescription, not ALREADY_REDEEMED.
   */
  retrieve(token: PrescriptionTokenRef, context: PrescriptionRequestContext): Promise<Result<RetrievedPrescription, RetrieveFailureCode>>;
  /** The medicines were handed out: the prescription is redeemed and no other pharmacy can. */
  reportDispensed(token: PrescriptionTokenRef, report: DispensedReport, context: PrescriptionRequestContext): Promise<Result<void, ReportFailureCode>>;
  /**
   * The pharmacy gives the prescription back undispensed (order rejected or cancelled), so the
   * patient can redeem it elsewhere. Not possible once dispensed (ALREADY_REDEEMED).
   */
  reportReturned(token: PrescriptionTokenRef, context: PrescriptionRequestContext): Promise<Result<void, ReportFailureCode>>;
}
