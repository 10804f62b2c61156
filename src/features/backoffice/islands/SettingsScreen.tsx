import { useEffect, useState } from 'react';
import { apiClient, attempt } from '../../../platform/api-client';
import { SHOP_TIME_ZONE } from '../../../platform/clock';
import { INTL_LOCALE } from '../../../platform/i18n/locales';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { backOfficeMessages } from '../i18n/messages';
import { PharmacyPicker, StaffGate } from './Shared';
import { pharmacyQuery, useStaff, type Me } from './useStaff';
import './backoffice.css';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const OPTIONS = ['courier', 'parcel', 'pickup'] as const;
type Day = (typeof DAYS)[number];
type Option = (typeof OPTIONS)[number];
type Hours = Record<Day, { opens: string; closes: string }[]>;
interface Settings {
  pharmacy_id: string;
  name: string;
  opening_hours: Hours;
  closed_until: string | null;
  delivery_postal_codes: string[];
  delivery_options: Option[];
}

const formatDateTime = (iso: string, locale: Locale): string =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(new Date(iso));

/** "2026-06-16T10:00" in Berlin from an ISO instant (for a datetime-local field), and back. */
function toLocalInput(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}
function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  // Berlin is UTC+1 or +2: try both and keep the one that reads back as the same wall time.
  for (const offset of ['+02:00', '+01:00']) {
    const iso = new Date(`${value}:00${offset}`).toISOString();
    if (toLocalInput(iso) === value) return iso;
  }
  return null;
}

/** Opening hours, a temporary closure ("closed until …"), the courier's postal codes and the delivery options. */
export default function SettingsScreen({ locale }: { locale: Locale }) {
  const state = useStaff(locale);
  return <StaffGate locale={locale} state={state}>{() => state.phase === 'ready' && <SettingsForm locale={locale} me={state.me} pharmacies={state.pharmacies} />}</StaffGate>;
}

function SettingsForm({ locale, me, pharmacies }: { locale: Locale; me: Me; pharmacies: { id: string; name: string }[] }) {
  const t = translator(backOfficeMessages, locale);
  const [chosen, setChosen] = useState('');
  const [settings, setSettings] = useState<Settings | null>(null);
  const [hours, setHours] = useState<Record<Day, { opens: string; closes: string }>>({} as Record<Day, { opens: string; closes: string }>);
  const [closedUntil, setClosedUntil] = useState('');
  const [zone, setZone] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const canWrite = me.role !== 'pharmacist';
  const ready = me.role !== 'operator' || chosen !== '';

  function show(next: Settings) {
    setSettings(next);
    setHours(Object.fromEntries(DAYS.map((day) => [day, next.opening_hours[day]?.[0] ?? { opens: '', closes: '' }])) as Record<Day, { opens: string; closes: string }>);
    setClosedUntil(next.closed_until ? toLocalInput(next.closed_until) : '');
    setZone(next.delivery_postal_codes.join(', '));
    setOptions(next.delivery_options);
  }

  useEffect(() => {
    if (!ready) return;
    void (async () => {
      const outcome = await attempt(() => apiClient(locale).GET('/api/v1/pharmacy/settings', { params: { query: pharmacyQuery(me, chosen) } }), locale);
      if (outcome.ok) show(outcome.data as Settings);
      else setStatus(outcome.problem.message);
    })();
  }, [chosen, locale, me, ready]);

  async function save(body: Record<string, unknown>) {
    setBusy(true);
    const outcome = await attempt(() => apiClient(locale).PUT('/api/v1/pharmacy/settings', { params: { query: pharmacyQuery(me, chosen) }, body }), locale);
    setBusy(false);
    if (outcome.ok) {
      show(outcome.data as Settings);
      setStatus(t('saved'));
    } else setStatus(outcome.problem.status === 400 ? t('settingsInvalid') : outcome.problem.message);
  }

  function submit() {
    if (!settings) return;
    const opening_hours = Object.fromEntries(
      DAYS.map((day) => {
        const { opens, closes } = hours[day];
        // Only the first interval is edited here; a second one (lunch break) is kept as it was.
        const rest = settings.opening_hours[day]?.slice(1) ?? [];
        return [day, opens && closes ? [{ opens, closes }, ...rest] : []];
      }),
    );
    const delivery_postal_codes = zone
      .split(/[\s,;]+/)
      .map((code) => code.trim())
      .filter(Boolean);
    const until = closedUntil ? fromLocalInput(closedUntil) : null;
    if (closedUntil && !until) {
      setStatus(t('settingsInvalid'));
      return;
    }
    void save({ opening_hours, closed_until: until, delivery_postal_codes, delivery_options: options });
  }

  return (
    <div className="bo-screen">
      {me.role === 'operator' && <PharmacyPicker locale={locale} pharmacies={pharmacies} value={chosen} onChange={setChosen} />}
      {!canWrite && <p className="bo-hint">{t('readOnly')}</p>}
      {ready && settings && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset className="bo-section" disabled={!canWrite || busy}>
            <legend>{t('closureHeading')}</legend>
            <p className="bo-hint">{t('closureHint')}</p>
            <p>{settings.closed_until ? t('closedNow', { time: formatDateTime(settings.closed_until, locale) }) : t('openNow')}</p>
            <div className="bo-field">
              <label htmlFor="bo-closed-until">{t('closedUntilLabel')}</label>
              <input id="bo-closed-until" type="datetime-local" value={closedUntil} onChange={(event) => setClosedUntil(event.target.value)} />
            </div>
            {settings.closed_until && (
              <button type="button" className="bo-button bo-button--secondary" onClick={() => void save({ closed_until: null })}>
                {t('reopen')}
              </button>
            )}
          </fieldset>
          <fieldset className="bo-section" disabled={!canWrite || busy}>
            <legend>{t('hoursHeading')}</legend>
            <p className="bo-hint">{t('hoursHint')}</p>
            <div className="bo-hours">
              {DAYS.map((day) => (
                <div key={day} className="bo-hours-row">
                  <span className="bo-day">{t(`day.${day}`)}</span>
                  <label className="bo-visually-hidden" htmlFor={`bo-opens-${day}`}>
                    {t('opens', { day: t(`day.${day}`) })}
                  </label>
                  <input id={`bo-opens-${day}`} type="time" value={hours[day]?.opens ?? ''} onChange={(event) => setHours((current) => ({ ...current, [day]: { ...current[day], opens: event.target.value } }))} />
                  <span aria-hidden="true">–</span>
                  <label className="bo-visually-hidden" htmlFor={`bo-closes-${day}`}>
                    {t('closes', { day: t(`day.${day}`) })}
                  </label>
                  <input id={`bo-closes-${day}`} type="time" value={hours[day]?.closes ?? ''} onChange={(event) => setHours((current) => ({ ...current, [day]: { ...current[day], closes: event.target.value } }))} />
                </div>
              ))}
            </div>
          </fieldset>
          <fieldset className="bo-section" disabled={!canWrite || busy}>
            <legend>{t('zoneHeading')}</legend>
            <div className="bo-field">
              <label htmlFor="bo-zone">{t('zoneLabel')}</label>
              <textarea id="bo-zone" rows={2} value={zone} onChange={(event) => setZone(event.target.value)} />
            </div>
          </fieldset>
          <fieldset className="bo-section" disabled={!canWrite || busy}>
            <legend>{t('optionsHeading')}</legend>
            {OPTIONS.map((option) => (
              <label key={option} className="bo-check">
                <input
                  type="checkbox"
                  checked={options.includes(option)}
                  onChange={(event) => setOptions((current) => (event.target.checked ? [...current, option] : current.filter((entry) => entry !== option)))}
                />{' '}
                {t(`option.${option}`)}
              </label>
            ))}
          </fieldset>
          {canWrite && (
            <button type="submit" className="bo-button" disabled={busy}>
              {busy ? t('working') : t('save')}
            </button>
          )}
        </form>
      )}
      <p role="status" className="bo-hint">
        {status}
      </p>
    </div>
  );
}
