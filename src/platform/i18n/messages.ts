import type { Locale } from './locales';

/**
 * Every feature declares its user-facing strings once per language. The German table must have
 * exactly the English keys, so a missing translation is a type error, and tests/unit/i18n checks
 * at run time that none is empty.
 */
export type Messages<K extends string = string> = Readonly<Record<K, string>>;
export type LocalizedMessages<K extends string> = Readonly<Record<Locale, Messages<K>>>;

// Pure, so a table nobody reads is left out of the browser build, and with it what the module imports.
/*#__NO_SIDE_EFFECTS__*/
export function defineMessages<const E extends Record<string, string>>(
  en: E,
  de: { readonly [K in keyof E]: string },
): LocalizedMessages<Extract<keyof E, string>> {
  return { en, de } as LocalizedMessages<Extract<keyof E, string>>;
}

export type Params = Readonly<Record<string, string | number>>;

/** Replaces {name} placeholders; an unknown placeholder is left visible rather than silently dropped. */
export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export type Translate<K extends string> = (key: K, params?: Params) => string;

export function translator<K extends string>(messages: LocalizedMessages<K>, locale: Locale): Translate<K> {
  return tableTranslator(messages[locale]);
}

/** A translator over one language's table: an island handed its page's texts as a prop carries no other language. */
export function tableTranslator<K extends string>(table: Messages<K>): Translate<K> {
  return (key, params) => interpolate(table[key], params);
}
