import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { cardNumbersIn, ibansIn, SERVER_LOG } from './support/card-numbers';

/*
 * Runs after every other spec (project "card-guard" in playwright.config.ts): not one line the shop
 * server wrote during the run (its request log, warnings, errors) contains a card number or an IBAN.
 * The specs type test cards and IBANs into the provider's hosted pages, so a path that let one reach
 * the shop's server, or a log line that printed a body, would show here.
 */
test('no line of the shop server\'s log contains a card number or an IBAN', () => {
  expect(existsSync(SERVER_LOG), `${SERVER_LOG} is written by the e2e server`).toBe(true);
  const lines = readFileSync(SERVER_LOG, 'utf8').split('\n');
  // The server logged the requests of the run (one line each): the guard looked at something.
  expect(lines.filter((line) => line.includes('"msg":"request"')).length).toBeGreaterThan(0);
  const leaks = lines.filter((line) => cardNumbersIn(line).length > 0 || ibansIn(line).length > 0);
  expect(leaks).toEqual([]);
});
