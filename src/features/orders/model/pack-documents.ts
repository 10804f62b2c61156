import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { packDocumentMessages } from '../i18n/pack-document-messages';

/** The pharmacy's papers for an accepted order: what the server renders and the back office downloads. */
export const PACK_DOCUMENTS = ['picking-list', 'delivery-note'] as const;
export type PackDocument = (typeof PACK_DOCUMENTS)[number];

export function packDocumentTitle(kind: PackDocument, locale: Locale): string {
  return translator(packDocumentMessages, locale)(kind === 'picking-list' ? 'pickingTitle' : 'noteTitle');
}

export function packDocumentFileName(kind: PackDocument, orderNumber: string, locale: Locale): string {
  return translator(packDocumentMessages, locale)(kind === 'picking-list' ? 'pickingFileName' : 'noteFileName', { number: orderNumber });
}
