import type { Context, MiddlewareHandler } from 'hono';
import { defineMessages } from '../i18n/messages';
import type { Locale } from '../i18n/locales';
import type { ErrorCode } from './error-codes';
import { errorResponse } from './errors';

/**
 * Control characters are refused at the door, once for every route: in the path, the query and
 * every string (and key) of a JSON body. PostgreSQL cannot store U+0000 in text (a NUL used to
 * reach the database and come back as a 500), and none of the others belongs in a name, an e-mail
 * or an address: a line break in an e-mail address is a header injection waiting to happen.
 *
 * Refused: C0 controls U+0000–U+001F, DEL U+007F and C1 controls U+0080–U+009F. Free-text fields
 * that people type several lines into (see MULTILINE_FIELDS) keep tab, line feed and carriage return.
 * Also refused: a lone UTF-16 surrogate ("\ud800" in JSON), which is no character at all and which
 * PostgreSQL's jsonb refuses.
 */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The rider note of an address, a pharmacist's reason for rejecting an order, a stock upload (CSV text) and a catalogue file uploaded by an operator. */
const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['note', 'reason', 'csv', 'file_text']);

/**
 * Fields whose value has its own "invalid" code in the catalogue answer with it (a login with
 * "a\u0000b@x.de" is INVALID_EMAIL, as any other impossible address); "parent.field" entries
 * narrow a generic name. Everything else is BAD_REQUEST.
 */
const FIELD_CODES: Readonly<Record<string, ErrorCode>> = {
  email: 'INVALID_EMAIL',
  phone: 'INVALID_PHONE_NUMBER',
  postal_code: 'INVALID_POSTAL_CODE',
  house_number: 'INVALID_HOUSE_NUMBER',
  coupon_code: 'COUPON_UNKNOWN',
  'card.number': 'CARD_INVALID',
  cvc: 'CVC_INVALID',
};

export const inputGuardMessages = defineMessages(
  { controlCharacters: 'This input contains characters that are not allowed (such as control characters).' },
  { controlCharacters: 'Diese Eingabe enthält unzulässige Zeichen (etwa Steuerzeichen).' },
);

export interface ControlCharacterHit {
  /** Dotted path of the JSON field or the query parameter; null for the URL path. */
  field: string | null;
  code: ErrorCode;
}

function codeFor(path: readonly string[]): ErrorCode {
  const [parent, name] = [path.at(-2), path.at(-1)];
  return (parent !== undefined && name !== undefined ? FIELD_CODES[`${parent}.${name}`] : undefined) ?? (name !== undefined ? FIELD_CODES[name] : undefined) ?? 'BAD_REQUEST';
}

const refuses = (value: string, fieldName: string | undefined) =>
  !value.isWellFormed() || (fieldName !== undefined && MULTILINE_FIELDS.has(fieldName) ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value);

/**
 * The first string of a parsed JSON value holding a forbidden character. Walked with an explicit
 * stack, so a deeply nested body cannot overflow the call stack; array items count as their field.
 */
export function findControlCharacter(value: unknown): ControlCharacterHit | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (refuses(current, path.at(-1))) return { field: path.join('.') || null, code: codeFor(path) };
    } else if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, path });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (CONTROL.test(key) || !key.isWellFormed()) return { field: null, code: 'BAD_REQUEST' };
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

/** Percent-decoded as often as it decodes (a doubly encoded %2500 is still a NUL to a careless reader). */
function fullyDecoded(segment: string): string[] {
  const forms = [segment];
  for (let round = 0; round < 3; round++) {
    try {
      const next = decodeURIComponent(forms.at(-1)!);
      if (next === forms.at(-1)) break;
      forms.push(next);
    } catch {
      break;
    }
  }
  return forms;
}

export function findControlCharacterInUrl(url: URL): ControlCharacterHit | null {
  if (url.pathname.split('/').some((segment) => fullyDecoded(segment).some((form) => CONTROL.test(form)))) return { field: null, code: 'BAD_REQUEST' };
  for (const [key, value] of url.searchParams) {
    if (CONTROL.test(key)) return { field: null, code: 'BAD_REQUEST' };
    if (CONTROL.test(value)) return { field: key, code: codeFor([key]) };
  }
  return null;
}

const JSON_MEDIA_TYPE = /^application\/([a-z.+-]+\+)?json$/i;

async function jsonBody(c: Context): Promise<unknown> {
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim() ?? '';
  if (!JSON_MEDIA_TYPE.test(mediaType) || !c.req.raw.body) return undefined;
  // Parsed once and cached by Hono for the route's validator; a malformed body is left to it (400).
  return c.req.json().catch(() => undefined);
}

export function controlCharacterResponse(c: Context, hit: ControlCharacterHit) {
  const locale = (c.get('locale' as never) as Locale | undefined) ?? 'en';
  const message = hit.code === 'BAD_REQUEST' ? inputGuardMessages[locale].controlCharacters : undefined;
  return errorResponse(c, 400, hit.code, {
    ...(message ? { message } : {}),
    ...(hit.field ? { fields: { [hit.field]: hit.code } } : {}),
  });
}

/** Middleware: 400 with the field's code before any route sees a control character. */
export function rejectControlCharacters(): MiddlewareHandler {
  return async (c, next) => {
    const hit = findControlCharacterInUrl(new URL(c.req.url)) ?? findControlCharacter(await jsonBody(c));
    if (hit) return controlCharacterResponse(c, hit);
    return next();
  };
}
