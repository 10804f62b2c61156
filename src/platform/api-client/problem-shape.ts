import type { ErrorCode } from '../http/error-codes';


/** Something the server lists as blocking (an order's missing answer, a sold-out line). */
export interface Issue {
  code: ErrorCode;
  message: string;
  /** The form field it is about, when the server named one. */
  field: string | null;
}

/** A failed call: the catalogue code, a text in the page language, per-field codes and the status (0: no answer). */
export interface Problem {
  code: ErrorCode;
  message: string;
  fields: Partial<Record<string, ErrorCode>>;
  status: number;
  /** What blocks the request, when the server listed it (`issues: [{code, message, field}]`). */
  issues?: Issue[];
}
