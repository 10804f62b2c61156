import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { apiClient, attempt, type Problem } from '../../../platform/api-client';
import type { components } from '../../../platform/api-client/schema';
import { SHOP_TIME_ZONE } from '../../../platform/clock';
import type { ErrorCode } from '../../../platform/http/error-codes';
import { errorCodeText } from '../../../platform/api-client/error-text';
import { useErrorCatalogue } from '../../../ui/forms/use-error-catalogue';
import { INTL_LOCALE, type Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { handleUnauthorized } from '../../accounts/client';
import { backOfficeMessages } from '../i18n/messages';
import { StaffGate } from './Shared';
import { useStaff } from './useStaff';
import './backoffice.css';

type Entry = components['schemas']['RemoteConfigEntry'];
type Field = Entry['fields'][number];
type Draft = Record<string, unknown>;

/**
 * Issue 10: every remote-config key with its value, default, type and explanation, edited by
 * operators. The form checks a value with the key's own schema before sending (the server checks
 * it again with the same one), so both report the same field codes.
 */
export default function RemoteConfigScreen({ locale }: { locale: Locale }) {
  const state = useStaff(locale);
  const t = translator(backOfficeMessages, locale);
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const operator = state.phase === 'ready' && state.me.role === 'operator';

  useEffect(() => {
    if (!operator) return;
    void attempt(() => apiClient(locale).GET('/api/v1/pharmacy/remote-config'), locale).then((outcome) => {
      if (outcome.ok) setEntries(outcome.data.entries);
      else if (!handleUnauthorized(outcome.problem)) setFailed(outcome.problem.message);
    });
  }, [operator, locale]);

  return (
    <StaffGate locale={locale} state={state}>
      {() =>
        operator ? (
          <div className="bo-screen">
            <p className="bo-hint">{t('config.intro')}</p>
            {failed && (
              <p className="bo-message" role="alert">
                {failed}
              </p>
            )}
            {!entries && !failed && <p role="status">{t('loading')}</p>}
            {entries?.map((entry) => (
              <ConfigEntry key={entry.key} locale={locale} entry={entry} onStored={(stored) => setEntries((all) => all?.map((item) => (item.key === stored.key ? stored : item)) ?? null)} />
            ))}
          </div>
        ) : (
          <p className="bo-message" role="alert">
            {t('operatorsOnly')}
          </p>
        )
      }
    </StaffGate>
  );
}

function ConfigEntry({ locale, entry, onStored }: { locale: Locale; entry: Entry; onStored: (entry: Entry) => void }) {
  useErrorCatalogue();
  const t = useMemo(() => translator(backOfficeMessages, locale), [locale]);
  const [draft, setDraft] = useState<Draft>(entry.value);
  const [errors, setErrors] = useState<Partial<Record<string, ErrorCode>>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const id = (suffix: string) => `bo-config-${entry.key}-${suffix}`;

  useEffect(() => setDraft(entry.value), [entry]);

  function shown(problem: Problem) {
    if (handleUnauthorized(problem)) return;
    const fields = Object.fromEntries(Object.entries(problem.fields).filter(([name]) => entry.fields.some((field) => field.name === name)));
    setErrors(fields);
    setStatus(Object.keys(fields).length > 0 ? t('config.fixFields') : problem.message);
    focusFirstError(fields);
  }

  function focusFirstError(fields: Partial<Record<string, ErrorCode>>) {
    const first = entry.fields.find((field) => fields[field.name]);
    if (first) document.getElementById(id(first.name))?.focus();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    // The server checks the value with the key's schema and answers field errors in the page's
    // language; checking it here too would ship zod's full build to every island page (its core is a
    // chunk shared with the zod/mini schemas: 10 KB more on the pharmacy selection).
    setBusy(true);
    const outcome = await attempt(() => apiClient(locale).PUT('/api/v1/pharmacy/remote-config/{key}', { params: { path: { key: entry.key } }, body: draft }), locale);
    setBusy(false);
    if (!outcome.ok) return shown(outcome.problem);
    setErrors({});
    onStored(outcome.data);
    setStatus(t('config.saved', { key: entry.key }));
  }

  async function reset() {
    setBusy(true);
    const outcome = await attempt(() => apiClient(locale).POST('/api/v1/pharmacy/remote-config/{key}/reset', { params: { path: { key: entry.key } } }), locale);
    setBusy(false);
    if (!outcome.ok) return shown(outcome.problem);
    setErrors({});
    onStored(outcome.data);
    setStatus(t('config.resetDone', { key: entry.key }));
  }

  const typeOf = (field: Field) =>
    field.type === 'text' ? t('config.type.text', { max: field.max_length ?? '' }) : field.type === 'boolean' ? t('config.type.boolean') : t('config.type.number');
  const valueText = (field: Field, value: unknown) => (field.type === 'boolean' ? (value ? t('config.on') : t('config.off')) : String(value ?? ''));

  return (
    <section className="bo-section bo-config" aria-labelledby={id('heading')}>
      <h2 id={id('heading')}>
        <code>{entry.key}</code>
      </h2>
      <p>{entry.explanation[locale]}</p>
      <p className="bo-hint">
        {entry.updated_at ? `${t('config.lastChanged')}: ${formatInstant(entry.updated_at, locale)}` : t('config.neverChanged')}
        {entry.is_default && entry.updated_at ? ` ${t('config.isDefault')}` : ''}
      </p>
      <form noValidate onSubmit={save} aria-busy={busy || undefined}>
        {entry.fields.map((field) => {
          const error = errors[field.name];
          const describedBy = [id(`${field.name}-about`), error ? id(`${field.name}-error`) : null].filter(Boolean).join(' ');
          const about = (
            <p className="bo-hint bo-config-about" id={id(`${field.name}-about`)}>
              {t('config.type')}: {typeOf(field)} · {t('config.default')}: <span lang={textLang(field)}>{valueText(field, entry.default[field.name])}</span>
            </p>
          );
          const errorText = error && (
            <p className="bo-error" id={id(`${field.name}-error`)}>
              {errorCodeText(error, locale)}
            </p>
          );
          if (field.type === 'boolean') {
            return (
              <div className="bo-field" key={field.name}>
                <div className="bo-field--inline">
                  <input id={id(field.name)} type="checkbox" checked={draft[field.name] === true} aria-describedby={describedBy} aria-invalid={error ? true : undefined} onChange={(event) => setDraft({ ...draft, [field.name]: event.target.checked })} />
                  <label htmlFor={id(field.name)}>{field.label[locale]}</label>
                </div>
                {about}
                {errorText}
              </div>
            );
          }
          return (
            <div className="bo-field" key={field.name}>
              <label htmlFor={id(field.name)}>{field.label[locale]}</label>
              {field.type === 'number' ? (
                <input
                  id={id(field.name)}
                  type="number"
                  value={typeof draft[field.name] === 'number' ? String(draft[field.name]) : ''}
                  aria-describedby={describedBy}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value === '' ? undefined : Number(event.target.value) })}
                />
              ) : (
                <textarea
                  id={id(field.name)}
                  lang={textLang(field)}
                  rows={3}
                  maxLength={field.max_length ?? undefined}
                  value={typeof draft[field.name] === 'string' ? (draft[field.name] as string) : ''}
                  aria-describedby={describedBy}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
                />
              )}
              {about}
              {errorText}
            </div>
          );
        })}
        <div className="bo-inline">
          <button type="submit" className="bo-button" disabled={busy}>
            {busy ? t('working') : t('save')}
          </button>
          <button type="button" className="bo-button bo-button--secondary" disabled={busy} onClick={() => void reset()}>
            {t('config.reset')}
          </button>
        </div>
        <p role="status">{status}</p>
      </form>
    </section>
  );
}

/** Texts named after a language (a message's en/de) are marked as such for screen readers. */
const textLang = (field: Field) => (field.type === 'text' && (field.name === 'en' || field.name === 'de') ? field.name : undefined);

const formatInstant = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(new Date(iso));
