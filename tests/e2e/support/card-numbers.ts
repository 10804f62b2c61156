import type { Page } from '@playwright/test';
import { SHOP_ORIGIN, TEST_PORTS } from './ports';

/** Everything the e2e shop server writes (playwright.config.ts tees it here), for the guard spec. */
export const SERVER_LOG = `data/e2e-${TEST_PORTS.shop}-server.log`;

/*
 * The card-number guard: a card number (a Luhn-valid run of 13 to 19 digits, typed with or without
 * spaces or hyphens) must never appear in a request to the shop or a line of the shop server's log.
 * Only the payment provider's own pages and endpoints (/demo-psp/, the demo provider) receive one.
 */

// A run of 13–19 digits, or digits in groups as people type card numbers (4-4-4-4, 4-6-5 for Amex,
// one kind of separator); never part of a longer word such as a UUID or a hash.
const CANDIDATES = [/(?<![0-9A-Za-z])\d{13,19}(?![0-9A-Za-z])/g, /(?<![0-9A-Za-z])\d{4}([ -])\d{4,6}\1\d{4,5}(?:\1\d{1,4}){0,2}(?![0-9A-Za-z])/g];

function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Card-number-like sequences in a text (empty when there is none). */
export function cardNumbersIn(text: string): string[] {
  const found: string[] = [];
  for (const candidate of CANDIDATES) {
    for (const match of text.matchAll(candidate)) {
      const digits = match[0].replace(/[ -]/g, '');
      if (digits.length >= 13 && digits.length <= 19 && luhn(digits)) found.push(match[0]);
    }
  }
  return found;
}

// An IBAN as typed (two letters, two check digits, then up to 30 letters or digits, optionally in
// groups of four), confirmed by its ISO 13616 check (mod 97 = 1), so an order number never counts.
const IBAN_CANDIDATE = /(?<![0-9A-Za-z])[A-Z]{2}\d{2}(?: ?[0-9A-Z]{4}){2,7}(?: ?[0-9A-Z]{1,3})?(?![0-9A-Za-z])/g;

function ibanChecks(iban: string): boolean {
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of rearranged) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/** IBAN-like sequences in a text that pass the IBAN check (empty when there is none). */
export function ibansIn(text: string): string[] {
  return [...text.matchAll(IBAN_CANDIDATE)].map((match) => match[0]).filter((candidate) => ibanChecks(candidate.replace(/ /g, '')));
}

export interface RecordedRequest {
  url: string;
  body: string;
  headers: string;
}

/** Records every request the page sends to the shop itself (not to the payment provider's pages). */
export function recordShopRequests(page: Page): RecordedRequest[] {
  const recorded: RecordedRequest[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(SHOP_ORIGIN) || new URL(url).pathname.startsWith('/demo-psp/')) return;
    recorded.push({ url, body: request.postData() ?? '', headers: JSON.stringify(request.headers()) });
  });
  return recorded;
}
