import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '../../../src/platform/http/error-codes';
import { attempt } from '../../../src/platform/api-client/outcome';
import { loadErrorCatalogue } from '../../../src/platform/api-client/error-text';
import { toProblem } from '../../../src/platform/api-client/problem';

describe('toProblem', () => {
  // attempt() loads the catalogue before it words a failure; toProblem on its own words with what is loaded.
  beforeAll(() => loadErrorCatalogue());

  it('keeps a known code, the server message and the per-field codes', () => {
    const problem = toProblem({ code: 'DUPLICATE_EMAIL', message: 'Schon vergeben.', fields: { email: 'DUPLICATE_EMAIL', x: 'WHATEVER' } }, 409, 'de');
    expect(problem).toEqual({ code: 'DUPLICATE_EMAIL', message: 'Schon vergeben.', fields: { email: 'DUPLICATE_EMAIL', x: 'GENERIC_ERROR' }, status: 409 });
  });

  it("shows GENERIC_ERROR's message for an unknown code (spec §8), whatever the server wrote", () => {
    expect(toProblem({ code: 'SOMETHING_NEW', message: 'raw server text' }, 400, 'en')).toMatchObject({ code: 'GENERIC_ERROR', message: errorMessages.en.GENERIC_ERROR });
    expect(toProblem('<html>', 502, 'de')).toMatchObject({ code: 'GENERIC_ERROR', message: errorMessages.de.GENERIC_ERROR });
  });

  it('falls back to the catalogue text when a known code comes without a message', () => {
    expect(toProblem({ code: 'INCORRECT_PASSWORD' }, 400, 'de').message).toBe(errorMessages.de.INCORRECT_PASSWORD);
  });
});

describe('attempt', () => {
  it('passes data through and turns network failures into GENERIC_ERROR', async () => {
    await expect(attempt(async () => ({ data: { ok: true }, response: new Response(null, { status: 200 }) }), 'en')).resolves.toEqual({ ok: true, data: { ok: true } });
    const failed = await attempt(async () => {
      throw new TypeError('Failed to fetch');
    }, 'en');
    expect(failed).toMatchObject({ ok: false, problem: { code: 'GENERIC_ERROR', status: 0 } });
  });
});
