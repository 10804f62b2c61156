import type { Locale } from '../../platform/i18n/locales';
import { translator, type LocalizedMessages, type Params } from '../../platform/i18n/messages';

/**
 * Legal texts are message tables (both languages, same keys, checked by the type) plus an outline
 * saying which keys form which section. Paragraphs may contain [label](href) links.
 */
export type Block<K extends string> = K | { list: readonly K[] };

export interface SectionOutline<K extends string> {
  id?: string;
  heading: K;
  blocks: readonly Block<K>[];
}

export interface LegalOutline<K extends string> {
  title: K;
  lead: K;
  sections: readonly SectionOutline<K>[];
}

export type RenderedBlock = { kind: 'p'; text: string } | { kind: 'list'; items: string[] };

export interface RenderedSection {
  id?: string;
  heading: string;
  blocks: RenderedBlock[];
}

export interface RenderedDocument {
  title: string;
  lead: string;
  sections: RenderedSection[];
}

export function renderDocument<K extends string>(
  messages: LocalizedMessages<K>,
  outline: LegalOutline<K>,
  locale: Locale,
  params?: Params,
): RenderedDocument {
  const t = translator(messages, locale);
  return {
    title: t(outline.title, params),
    lead: t(outline.lead, params),
    sections: outline.sections.map((section) => ({
      ...(section.id ? { id: section.id } : {}),
      heading: t(section.heading, params),
      blocks: section.blocks.map((block): RenderedBlock =>
        typeof block === 'string'
          ? { kind: 'p', text: t(block, params) }
          : { kind: 'list', items: block.list.map((key) => t(key, params)) },
      ),
    })),
  };
}

export type RichSegment = { text: string; href?: string };

/** Splits "see [our terms](/legal/terms/)" into text and link segments. */
export function richSegments(text: string): RichSegment[] {
  const segments: RichSegment[] = [];
  const pattern = /\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) segments.push({ text: text.slice(last, match.index) });
    segments.push({ text: match[1]!, href: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last) });
  return segments;
}
