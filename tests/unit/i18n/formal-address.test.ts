import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAINTENANCE_MESSAGE } from '../../../src/features/remote-config/model/remote-config';
import { errorMessages } from '../../../src/platform/http/error-codes';
import { messageModules, messageTables } from './message-tables';

/**
 * The shop addresses customers formally ("Sie"). Informal pronouns as whole words, in any case:
 * du, dich, dir and the possessive dein/deine/deinem/deinen/deiner/deines. Letters outside ASCII
 * count as word characters, so words such as "Dienstag", "direkt" or "Deinstallation" do not match.
 */
const INFORMAL = /(?<![\p{L}\p{N}_])(?:du|dich|dir|dein(?:e[mnrs]?)?)(?![\p{L}\p{N}_])/giu;

/** The informal words in a German text; placeholders like {name} are not text and are left out. */
function informalWords(text: string): string[] {
  return [...text.replace(/\{\w+\}/g, ' ').matchAll(INFORMAL)].map((match) => match[0]);
}

describe('the informal-address check', () => {
  it('finds du, dich, dir and dein… as whole words in any case', () => {
    expect(informalWords('Bitte melde dich an.')).toEqual(['dich']);
    expect(informalWords('Du musst 18 sein; danke für deine Geduld, wir helfen dir.')).toEqual(['Du', 'deine', 'dir']);
    expect(informalWords('Dein Code. Ohne DEINEN Namen, mit deinem Konto, wegen deiner Adresse, deines Kontos.')).toEqual(
      ['Dein', 'DEINEN', 'deinem', 'deiner', 'deines'],
    );
    expect(informalWords('»Du«-Form: (dich)')).toEqual(['Du', 'dich']);
  });

  it('leaves the formal address and words that merely contain the letters alone', () => {
    expect(informalWords('Bitte melden Sie sich an. Ihr Code, Ihre Daten.')).toEqual([]);
    expect(informalWords('Dienstag, direkt, Dirigent, Deinstallation, Duft, Dusche, Dichtung, Produkt, {dir}')).toEqual([]);
  });
});

describe('every German string addresses the customer with "Sie"', () => {
  const modules = messageModules();

  it('finds the message tables, including the error catalogue', () => {
    expect(modules.length).toBeGreaterThan(0);
    expect(modules).toContain(path.resolve('src', 'platform', 'http', 'error-codes.ts'));
  });

  it.each(modules.map((file) => [path.relative(process.cwd(), file), file]))('%s', async (_name, file) => {
    const tables = await messageTables(file);
    expect(tables.length, 'module exports no message table').toBeGreaterThan(0);
    const informal = tables.flatMap(([name, table]) =>
      Object.entries(table.de)
        .filter(([, text]) => informalWords(text).length > 0)
        .map(([key, text]) => `${name}.${key}: ${informalWords(text).join(', ')} in "${text}"`),
    );
    expect(informal).toEqual([]);
  });

  it('the error catalogue', () => {
    const informal = Object.entries(errorMessages.de).filter(([, text]) => informalWords(text).length > 0);
    expect(informal).toEqual([]);
  });

  it('the default maintenance message', () => {
    expect(informalWords(DEFAULT_MAINTENANCE_MESSAGE.de)).toEqual([]);
  });
});
