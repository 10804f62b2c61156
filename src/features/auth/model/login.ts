/**
 * Client side of POST /api/v1/user/login (spec §7/§8). The endpoint belongs to the accounts feature;
 * this only knows its contract: 2xx -> { token }, error -> { code, message }.
 */
export const LOGIN_ENDPOINT = '/api/v1/user/login';

export type LoginOutcome = { ok: true; token: string } | { ok: false; message: string | null };

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** Errors carry the server's message; anything unexpected (404, HTML, network) yields null = generic text. */
export async function requestLogin(
  email: string,
  password: string,
  locale: string,
  fetchImpl: Fetch = fetch,
): Promise<LoginOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(LOGIN_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': locale },
      body: JSON.stringify({ email, password }),
    });
  } catch {
    return { ok: false, message: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const token = isRecord(body) && typeof body.token === 'string' ? body.token : '';
    return token ? { ok: true, token } : { ok: false, message: null };
  }
  // A 404 means the endpoint is missing (not deployed yet), not an unknown account.
  if (response.status === 404) return { ok: false, message: null };
  const message = isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : null;
  return { ok: false, message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
