import { useCallback, useEffect, useMemo, useState } from 'react';
import { apiClient, attempt } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { backOfficeMessages } from '../i18n/messages';
import { PharmacyPicker, StaffGate } from './Shared';
import { pharmacyQuery, useStaff, type Me } from './useStaff';
import './backoffice.css';

type Item = { pzn: string; name: string; quantity: number };
type CsvError = { row: number; problem: string; value?: string };

/** Stock: search the catalogue by name or PZN, set a quantity or "sold out", upload a CSV (all or nothing). */
export default function StockScreen({ locale }: { locale: Locale }) {
  const state = useStaff(locale);
  return <StaffGate locale={locale} state={state}>{() => state.phase === 'ready' && <Stock locale={locale} me={state.me} pharmacies={state.pharmacies} />}</StaffGate>;
}

function Stock({ locale, me, pharmacies }: { locale: Locale; me: Me; pharmacies: { id: string; name: string }[] }) {
  // Stable per language: callbacks that use it must not change on every render.
  const t = useMemo(() => translator(backOfficeMessages, locale), [locale]);
  const [chosen, setChosen] = useState('');
  const [q, setQ] = useState('');
  const [items, setItems] = useState<Item[] | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [csv, setCsv] = useState<{ applied: boolean; rows: number; errors: CsvError[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const canWrite = me.role !== 'pharmacist';
  const ready = me.role !== 'operator' || chosen !== '';

  const search = useCallback(
    async (query: string) => {
      if (!ready) return;
      const outcome = await attempt(() => apiClient(locale).GET('/api/v1/pharmacy/stock', { params: { query: { ...pharmacyQuery(me, chosen), q: query } } }), locale);
      if (outcome.ok) {
        setItems(outcome.data.items);
        setStatus(outcome.data.items.length ? t('results', { count: outcome.data.items.length }) : t('noResults'));
      } else setStatus(outcome.problem.message);
    },
    [chosen, locale, me, ready, t],
  );

  useEffect(() => {
    void search('');
  }, [search]);

  async function setQuantity(item: Item, quantity: number) {
    setBusy(true);
    const outcome = await attempt(
      () => apiClient(locale).PUT('/api/v1/pharmacy/stock/{pzn}', { params: { path: { pzn: item.pzn }, query: pharmacyQuery(me, chosen) }, body: { quantity } }),
      locale,
    );
    setBusy(false);
    if (outcome.ok) {
      setItems((current) => current?.map((entry) => (entry.pzn === item.pzn ? outcome.data : entry)) ?? null);
      setDrafts((current) => ({ ...current, [item.pzn]: '' }));
      setStatus(t('stockSaved', { name: outcome.data.name, quantity: outcome.data.quantity }));
    } else setStatus(outcome.problem.message);
  }

  async function upload(file: File) {
    setBusy(true);
    const text = await file.text();
    const response = await apiClient(locale).POST('/api/v1/pharmacy/stock/csv', { params: { query: pharmacyQuery(me, chosen) }, body: { csv: text } });
    setBusy(false);
    const body = (response.data ?? response.error) as { applied?: boolean; rows?: number; errors?: CsvError[]; message?: string } | undefined;
    if (body && Array.isArray(body.errors)) {
      setCsv({ applied: body.applied === true, rows: body.rows ?? 0, errors: body.errors });
      if (body.applied) void search(q);
    } else setStatus(body?.message ?? t('loadFailed'));
  }

  return (
    <div className="bo-screen">
      {me.role === 'operator' && <PharmacyPicker locale={locale} pharmacies={pharmacies} value={chosen} onChange={setChosen} />}
      {!canWrite && <p className="bo-hint">{t('readOnly')}</p>}
      {ready && (
        <>
          <form
            className="bo-search"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              void search(q);
            }}
          >
            <label htmlFor="bo-stock-q">{t('searchLabel')}</label>
            <input id="bo-stock-q" type="search" value={q} maxLength={100} onChange={(event) => setQ(event.target.value)} />
            <button type="submit" className="bo-button">
              {t('search')}
            </button>
          </form>
          <p role="status" className="bo-hint">
            {status}
          </p>
          {items && items.length > 0 && (
            <table className="bo-table">
              <thead>
                <tr>
                  <th scope="col">{t('colProduct')}</th>
                  <th scope="col">{t('colPzn')}</th>
                  <th scope="col">{t('colQuantity')}</th>
                  {canWrite && <th scope="col">{t('colActions')}</th>}
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.pzn}>
                    <th scope="row">{item.name}</th>
                    <td>{item.pzn}</td>
                    <td>{item.quantity === 0 ? t('soldOut') : item.quantity}</td>
                    {canWrite && (
                      <td>
                        <form
                          className="bo-inline"
                          onSubmit={(event) => {
                            event.preventDefault();
                            const value = Number(drafts[item.pzn]);
                            if (drafts[item.pzn] && Number.isInteger(value) && value >= 0) void setQuantity(item, value);
                          }}
                        >
                          <label className="bo-visually-hidden" htmlFor={`bo-qty-${item.pzn}`}>
                            {t('quantityLabel', { name: item.name })}
                          </label>
                          <input
                            id={`bo-qty-${item.pzn}`}
                            type="number"
                            min={0}
                            max={100000}
                            inputMode="numeric"
                            value={drafts[item.pzn] ?? ''}
                            onChange={(event) => setDrafts((current) => ({ ...current, [item.pzn]: event.target.value }))}
                          />
                          <button type="submit" className="bo-button" disabled={busy}>
                            {t('setQuantity')}
                          </button>
                          <button type="button" className="bo-button bo-button--secondary" disabled={busy || item.quantity === 0} onClick={() => void setQuantity(item, 0)}>
                            {t('soldOut')}
                          </button>
                        </form>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {canWrite && (
            <section aria-labelledby="bo-csv-heading" className="bo-section">
              <h2 id="bo-csv-heading">{t('csvHeading')}</h2>
              <p className="bo-hint">{t('csvHint')}</p>
              <div className="bo-field">
                <label htmlFor="bo-csv">{t('csvLabel')}</label>
                <input
                  id="bo-csv"
                  type="file"
                  accept=".csv,text/csv,text/plain"
                  disabled={busy}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) void upload(file);
                    event.target.value = '';
                  }}
                />
              </div>
              <div role="status" aria-live="polite">
                {csv?.applied && <p>{t('csvApplied', { rows: csv.rows })}</p>}
                {csv && !csv.applied && (
                  <div className="bo-report">
                    <p>
                      <strong>{t('csvRejected')}</strong>
                    </p>
                    <ul>
                      {csv.errors.map((error) => (
                        <li key={`${error.row}-${error.problem}`}>{t('csvRow', { row: error.row, problem: t(`csv.${error.problem}` as 'csv.HEADER', { value: error.value ?? '' }) })}</li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}
