import { useState } from 'react';
import { apiClient, attempt } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { saveFile } from '../../../ui/browser/save-file';
import { staffMessages } from '../i18n/staff-messages';
import { PACK_DOCUMENTS, packDocumentFileName, packDocumentTitle, type PackDocument } from '../model/pack-documents';

/** The picking list and the delivery note of an accepted order, downloaded as PDFs in the staff member's language. */
export function PackDocumentButtons({ locale, orderId, orderNumber }: { locale: Locale; orderId: string; orderNumber: string }) {
  const t = translator(staffMessages, locale);
  const [working, setWorking] = useState<PackDocument | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(document: PackDocument) {
    setWorking(document);
    setError(null);
    const outcome = await attempt(
      () => apiClient(locale).GET('/api/v1/pharmacy/orders/{id}/documents/{document}', { params: { path: { id: orderId, document } }, parseAs: 'blob' }),
      locale,
    );
    setWorking(null);
    if (!outcome.ok) return setError(outcome.problem.message);
    saveFile(outcome.data as unknown as Blob, packDocumentFileName(document, orderNumber, locale));
  }

  return (
    <div className="staff-documents" role="group" aria-label={t('documentsLabel', { number: orderNumber })}>
      {PACK_DOCUMENTS.map((document) => (
        <button key={document} type="button" className="staff-button staff-button--secondary" disabled={working !== null} aria-busy={working === document || undefined} onClick={() => void download(document)}>
          {packDocumentTitle(document, locale)} (PDF)
        </button>
      ))}
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
