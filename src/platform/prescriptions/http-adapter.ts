import { z } from 'zod';
import { fail, ok, type Failure, type Result } from '../http/result';
import type { PrescriptionSystem, RetrieveFailureCode, RetrievedPrescription } from './types';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpPrescriptionSystemOptions {
  /** PRESCRIPTION_SERVICE_URL, e.g. https://erezept.pharmacy.example/v1 (a trailing slash is fine). */
  baseUrl: string;
  /** PRESCRIPTION_SERVICE_TOKEN: the shop's credential at that service, sent as a bearer token. */
  apiToken?: string;
  fetch?: FetchLike;
  /** Per request; a retrieve may take up to `attempts` of them plus the backoff. */
  timeoutMs?: number;
  /** Tries of a retrieve in all (the reports are tried once: the caller retries them through its outbox). */
  attempts?: number;
  /** The wait before the second try, doubled before each further one. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export const PRESCRIPTION_SERVICE_TIMEOUT_MS = 5000;
export const PRESCRIPTION_SERVICE_ATTEMPTS = 3;
export const PRESCRIPTION_SERVICE_BACKOFF_MS = 250;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The body of a 200 answer to POST /retrieve (docs/prescription-system.md). */
const RetrieveAnswer = z.object({
  prescription_id: z.string(),
  flow_type: z.string().regex(/^\d{3}$/),
  insurance: z.enum(['statutory', 'private']),
  prescriber: z.object({ name: z.string().min(1), practice: z.string().min(1).nullish() }),
  issued_on: isoDate,
  expires_on: isoDate,
  medicines: z
    .array(
      z.object({
        pzn: z.string().regex(/^\d{8}$/),
        quantity: z.number().int().positive(),
        name: z.string().min(1),
        aut_idem: z.boolean().nullish(),
      }),
    )
    .min(1),
});

/** The remote's refusals the shop passes on; every other answer means "not reachable now". */
const REFUSAL_OF_STATUS: Readonly<Record<number, RetrieveFailureCode>> = {
  404: 'PRESCRIPTION_NOT_FOUND',
  409: 'PRESCRIPTION_ALREADY_REDEEMED',
  410: 'PRESCRIPTION_EXPIRED',
};

type Attempt = { kind: 'answer'; response: Response } | { kind: 'unreachable'; reason: string };

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Log lines name the operation, the status and the reason: never the token, and never a body, which might echo it.
function logProblem(operation: string, detail: Record<string, unknown>): void {
  console.error(JSON.stringify({ level: 'warn', msg: 'prescription system', operation, ...detail }));
}

/**
 * The real adapter: the pharmacy's prescription system behind PRESCRIPTION_SERVICE_URL, contract in
 * docs/prescription-system.md. Every call is a POST with the token in its JSON body, never in the
 * URL (which proxies and access logs keep). A retrieve is idempotent by contract and is tried again
 * after a network error, a timeout or a 5xx; the reports are not. 404, 409 and 410 are the
 * remote's answers about the prescription; anything else, or an answer that does not fit the
 * contract, is PRESCRIPTION_SERVICE_UNAVAILABLE.
 */
export function httpPrescriptionSystem(options: HttpPrescriptionSystemOptions): PrescriptionSystem {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? PRESCRIPTION_SERVICE_TIMEOUT_MS;
  const attempts = Math.max(1, options.attempts ?? PRESCRIPTION_SERVICE_ATTEMPTS);
  const backoffMs = options.backoffMs ?? PRESCRIPTION_SERVICE_BACKOFF_MS;
  const sleep = options.sleep ?? realSleep;

  async function post(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Attempt> {
    try {
      const response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(options.apiToken ? { authorization: `Bearer ${options.apiToken}` } : {}),
          ...headers,
        },
        body: JSON.stringify(body),
        // A 307/308 would send the token on to wherever it points: a redirect is an answer (unavailable), not followed.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { kind: 'answer', response };
    } catch (error) {
      // Only the error's name: a message could quote the request.
      return { kind: 'unreachable', reason: error instanceof Error ? error.name : 'unknown' };
    }
  }

  /** Tries a call up to `tries` times while the remote is unreachable or answers 5xx. */
  async function call(operation: string, path: string, body: Record<string, unknown>, tries: number, headers?: Record<string, string>): Promise<Response | null> {
    for (let attempt = 1; ; attempt += 1) {
      const result = await post(path, body, headers);
      const retryable = result.kind === 'unreachable' || result.response.status >= 500;
      if (!retryable) return result.response;
      if (result.kind === 'answer') await discard(result.response);
      logProblem(operation, { attempt, ...(result.kind === 'answer' ? { status: result.response.status } : { reason: result.reason }) });
      if (attempt >= tries) return null;
      await sleep(backoffMs * 2 ** (attempt - 1));
    }
  }

  /** A non-2xx answer: 404/409/410 are the remote's word on the prescription, anything else means unavailable. */
  async function refusal(operation: string, response: Response): Promise<Failure<RetrieveFailureCode>> {
    await discard(response);
    const code = REFUSAL_OF_STATUS[response.status];
    if (code) return fail(code);
    logProblem(operation, { status: response.status });
    return fail('PRESCRIPTION_SERVICE_UNAVAILABLE');
  }

  async function reported(operation: string, response: Response | null): Promise<Result<void, RetrieveFailureCode>> {
    if (!response) return fail('PRESCRIPTION_SERVICE_UNAVAILABLE');
    if (!response.ok) return refusal(operation, response);
    await discard(response);
    return ok(undefined);
  }

  return {
    kind: 'http',

    async retrieve(token, context): Promise<Result<RetrievedPrescription, RetrieveFailureCode>> {
      const response = await call('retrieve', '/retrieve', { token: token.canonical, pharmacy_id: context.pharmacyId }, attempts);
      if (!response) return fail('PRESCRIPTION_SERVICE_UNAVAILABLE');
      if (!response.ok) return refusal('retrieve', response);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        logProblem('retrieve', { status: response.status, reason: 'answer is not JSON' });
        return fail('PRESCRIPTION_SERVICE_UNAVAILABLE');
      }
      const parsed = RetrieveAnswer.safeParse(body);
      if (!parsed.success || parsed.data.prescription_id !== token.prescriptionId) {
        // The issue paths only (field names), never the values: they are a patient's prescription.
        logProblem('retrieve', { reason: parsed.success ? 'answer is for another prescription' : 'answer does not fit the contract', fields: parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.')) });
        return fail('PRESCRIPTION_SERVICE_UNAVAILABLE');
      }
      return ok(fromAnswer(parsed.data));
    },

    async reportDispensed(token, report, context) {
      const headers = report.idempotencyKey ? { 'idempotency-key': report.idempotencyKey } : undefined;
      const body = { token: token.canonical, pharmacy_id: context.pharmacyId, dispensed: report.dispensed.map(({ pzn, quantity }) => ({ pzn, quantity })) };
      return reported('dispensed', await call('dispensed', '/dispensed', body, 1, headers));
    },

    async reportReturned(token, context) {
      return reported('returned', await call('returned', '/returned', { token: token.canonical, pharmacy_id: context.pharmacyId }, 1));
    },
  };
}

function fromAnswer(answer: z.infer<typeof RetrieveAnswer>): RetrievedPrescription {
  return {
    prescriptionId: answer.prescription_id,
    flowType: answer.flow_type,
    insurance: answer.insurance,
    prescriber: { name: answer.prescriber.name, ...(answer.prescriber.practice ? { practice: answer.prescriber.practice } : {}) },
    issuedOn: answer.issued_on,
    expiresOn: answer.expires_on,
    medicines: answer.medicines.map((medicine) => ({
      pzn: medicine.pzn,
      quantity: medicine.quantity,
      name: medicine.name,
      ...(typeof medicine.aut_idem === 'boolean' ? { autIdem: medicine.aut_idem } : {}),
    })),
  };
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}
