import { useEffect, useMemo, useState } from 'react';
import { apiClient, attempt } from '../../../platform/api-client';
import { formatNumber, formatPrice } from '../../../platform/i18n/format';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { BarChart, BarList } from '../../../ui/charts';
import { backOfficeMessages } from '../i18n/messages';
import { StaffGate } from './Shared';
import { useStaff, type Me } from './useStaff';
import './backoffice.css';

type Dashboard = {
  date: string;
  orders: { total: number; by_hour: number[] };
  acceptance: { accepted: number; median_seconds: number | null };
  rejections: { reason: string; timeout: boolean; count: number }[];
  revenue_by_vat: { rate: number; gross_cents: number; vat_cents: number }[];
  ratings: { count: number; average: number | null; by_stars: number[] };
};

/** Today at a glance (managers: their pharmacy; operators: every pharmacy or one), drawn from the server's figures. */
export default function DashboardScreen({ locale }: { locale: Locale }) {
  const state = useStaff(locale);
  const t = translator(backOfficeMessages, locale);
  return (
    <StaffGate locale={locale} state={state}>
      {() =>
        state.phase === 'ready' &&
        (state.me.role === 'pharmacist' ? (
          <p className="bo-message" role="alert">
            {t('managersOnly')}
          </p>
        ) : (
          <Glance locale={locale} me={state.me} pharmacies={state.pharmacies} />
        ))
      }
    </StaffGate>
  );
}

function Glance({ locale, me, pharmacies }: { locale: Locale; me: Me; pharmacies: { id: string; name: string }[] }) {
  const t = useMemo(() => translator(backOfficeMessages, locale), [locale]);
  const [chosen, setChosen] = useState('');
  const [day, setDay] = useState<Dashboard | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    void attempt(() => apiClient(locale).GET('/api/v1/pharmacy/dashboard', { params: { query: me.role === 'operator' && chosen ? { pharmacy: chosen } : {} } }), locale).then((outcome) => {
      if (outcome.ok) {
        setDay(outcome.data);
        setProblem('');
      } else setProblem(outcome.problem.message);
    });
  }, [chosen, locale, me]);

  const minutes = (seconds: number) => t('minutes', { value: formatNumber(seconds / 60, locale, 1) });
  return (
    <div className="bo-screen">
      {me.role === 'operator' && (
        <div className="bo-field bo-field--inline">
          <label htmlFor="bo-glance-pharmacy">{t('pharmacyLabel')}</label>
          <select id="bo-glance-pharmacy" value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">{t('allPharmacies')}</option>
            {pharmacies.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {problem && (
        <p className="bo-message" role="alert">
          {problem}
        </p>
      )}
      {!day && !problem && <p role="status">{t('loading')}</p>}
      {day && (
        <>
          <dl className="bo-figures">
            <div>
              <dt>{t('glance.orders')}</dt>
              <dd>{day.orders.total}</dd>
            </div>
            <div>
              <dt>{t('glance.acceptance')}</dt>
              <dd>{day.acceptance.median_seconds === null ? '–' : minutes(day.acceptance.median_seconds)}</dd>
            </div>
            <div>
              <dt>{t('glance.revenue')}</dt>
              <dd>{formatPrice(day.revenue_by_vat.reduce((sum, row) => sum + row.gross_cents, 0), locale)}</dd>
            </div>
            <div>
              <dt>{t('glance.rating')}</dt>
              <dd>{day.ratings.average === null ? '–' : `${formatNumber(day.ratings.average, locale, 1)} ★ (${day.ratings.count})`}</dd>
            </div>
          </dl>
          <div className="bo-section">
            <BarChart title={t('glance.ordersByHour')} labels={day.orders.by_hour.map((_, hour) => String(hour).padStart(2, '0'))} series={[{ name: t('glance.orders'), values: day.orders.by_hour }]} labelEvery={3} />
          </div>
          <div className="bo-section">
            <BarList
              title={t('glance.rejections')}
              empty={t('glance.none')}
              items={day.rejections.map((entry) => ({ label: entry.timeout ? t('glance.timeout') : entry.reason, value: entry.count }))}
            />
          </div>
          <div className="bo-section">
            <BarList
              title={t('glance.revenueByVat')}
              empty={t('glance.none')}
              items={day.revenue_by_vat.map((row) => ({ label: t('glance.vatRate', { rate: row.rate }), value: row.gross_cents, display: `${formatPrice(row.gross_cents, locale)} (${t('glance.vatIncluded', { vat: formatPrice(row.vat_cents, locale) })})` }))}
            />
          </div>
          <div className="bo-section">
            <BarList
              title={t('glance.ratings')}
              empty={t('glance.none')}
              items={day.ratings.count === 0 ? [] : day.ratings.by_stars.map((count, index) => ({ label: t('glance.stars', { count: index + 1 }), value: count })).reverse()}
            />
          </div>
        </>
      )}
    </div>
  );
}
