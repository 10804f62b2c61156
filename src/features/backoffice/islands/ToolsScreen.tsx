import { useMemo, useState, type FormEvent } from 'react';
import { apiClient } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { backOfficeMessages } from '../i18n/messages';
import { DeadLetters } from './DeadLetters';
import { SiteRebuild } from './SiteRebuild';
import { StaffGate } from './Shared';
import { useStaff } from './useStaff';
import './backoffice.css';

/** The operator's tools: the catalogue upload, the rebuild of the static pages and the messages not delivered (the maintenance page is a remote-config value: the Remote config tab). */
export default function ToolsScreen({ locale }: { locale: Locale }) {
  const state = useStaff(locale);
  const t = translator(backOfficeMessages, locale);
  return (
    <StaffGate locale={locale} state={state}>
      {() =>
        state.phase === 'ready' &&
        (state.me.role === 'operator' ? (
          <div className="bo-screen">
            <CatalogUpload locale={locale} />
            <SiteRebuild locale={locale} />
            <DeadLetters locale={locale} />
          </div>
        ) : (
          <p className="bo-message" role="alert">
            {t('operatorsOnly')}
          </p>
        ))
      }
    </StaffGate>
  );
}

const TARGETS = ['stock.csv', 'categories.json', 'pharmacies.json', 'popular-searches.json', 'products/'] as const;

function CatalogUpload({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(backOfficeMessages, locale), [locale]);
  const [target, setTarget] = useState<(typeof TARGETS)[number]>('stock.csv');
  const [category, setCategory] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string; problems: string[] } | null>(null);

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    const path = target === 'products/' ? `products/${category.trim()}.json` : target;
    setBusy(true);
    const fileText = await file.text();
    const response = await apiClient(locale)
      .POST('/api/v1/pharmacy/catalog/import', { body: { path, file_text: fileText, dry_run: dryRun } })
      .catch(() => null);
    setBusy(false);
    // The 400 answer carries the validation report, as the stock upload's does.
    const body = (response?.data ?? response?.error) as { imported?: boolean; problems?: string[]; message?: string } | undefined;
    if (response?.data) setResult({ ok: true, text: body?.imported ? t('tools.imported') : t('tools.valid'), problems: [] });
    else setResult({ ok: false, text: body?.message ?? t('loadFailed'), problems: Array.isArray(body?.problems) ? body.problems : [] });
  }

  return (
    <form className="bo-section" onSubmit={upload}>
      <h2>{t('tools.catalog')}</h2>
      <p>{t('tools.catalogHint')}</p>
      <div className="bo-field">
        <label htmlFor="bo-catalog-target">{t('tools.catalogTarget')}</label>
        <select id="bo-catalog-target" value={target} onChange={(event) => setTarget(event.target.value as (typeof TARGETS)[number])}>
          {TARGETS.map((entry) => (
            <option key={entry} value={entry}>
              {entry === 'products/' ? t('tools.productsFile') : entry}
            </option>
          ))}
        </select>
      </div>
      {target === 'products/' && (
        <div className="bo-field">
          <label htmlFor="bo-catalog-category">{t('tools.category')}</label>
          <input id="bo-catalog-category" value={category} pattern="[a-z0-9][a-z0-9\-]*" required onChange={(event) => setCategory(event.target.value)} />
        </div>
      )}
      <div className="bo-field">
        <label htmlFor="bo-catalog-file">{t('tools.file')}</label>
        <input id="bo-catalog-file" type="file" accept=".json,.csv,application/json,text/csv" required onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </div>
      <div className="bo-field bo-field--inline">
        <input id="bo-catalog-dry" type="checkbox" checked={dryRun} onChange={(event) => setDryRun(event.target.checked)} />
        <label htmlFor="bo-catalog-dry">{t('tools.dryRun')}</label>
      </div>
      <button type="submit" className="button" disabled={busy || !file}>
        {busy ? t('working') : t('tools.upload')}
      </button>
      <div role="status">
        {result && <p>{result.text}</p>}
        {result && result.problems.length > 0 && (
          <ul className="bo-problems">
            {result.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    </form>
  );
}
