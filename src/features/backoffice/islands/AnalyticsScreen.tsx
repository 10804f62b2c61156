import { useEffect, useMemo, useState } from 'react';
import { apiClient, attempt } from '../../../platform/api-client';
import { formatShopDate } from '../../../platform/i18n/format';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { BarChart, BarList } from '../../../ui/charts';
import { backOfficeMessages } from '../i18n/messages';
import { StaffGate } from './Shared';
import { useStaff } from './useStaff';
import './backoffice.css';

const STEPS = ['visits', 'product_views', 'add_to_cart', 'checkout', 'purchase'] as const;
type Steps = Record<(typeof STEPS)[number], number>;
type Report = {
  from: string;
  to: string;
  funnel: { date: string; steps: Steps }[];
  totals: Steps;
  zero_result_searches: { query: string; count: number }[];
  top_products: { pzn: string; name: string | null; views: number; added_to_cart: number }[];
};

/** The operator's analytics report: funnel per day, searches that found nothing, top products. */
export default function AnalyticsScreen({ locale }: { locale: Locale }) {
  const state = useStaff(locale);
  const t = translator(backOfficeMessages, locale);
  return (
    <StaffGate locale={locale} state={state}>
      {() =>
        state.phase === 'ready' &&
        (state.me.role === 'operator' ? (
          <AnalyticsReport locale={locale} />
        ) : (
          <p className="bo-message" role="alert">
            {t('operatorsOnly')}
          </p>
        ))
      }
    </StaffGate>
  );
}

function AnalyticsReport({ locale }: { locale: Locale }) {
  const t = useMemo(() => translator(backOfficeMessages, locale), [locale]);
  const [days, setDays] = useState(14);
  const [report, setReport] = useState<Report | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    void attempt(() => apiClient(locale).GET('/api/v1/pharmacy/analytics', { params: { query: { days } } }), locale).then((outcome) => {
      if (outcome.ok) {
        setReport(outcome.data);
        setProblem('');
      } else setProblem(outcome.problem.message);
    });
  }, [days, locale]);
  return (
    <div className="bo-screen">
      <div className="bo-field bo-field--inline">
        <label htmlFor="bo-analytics-days">{t('report.period')}</label>
        <select id="bo-analytics-days" value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {[7, 14, 30].map((value) => (
            <option key={value} value={value}>
              {t('report.days', { count: value })}
            </option>
          ))}
        </select>
      </div>
      {problem && (
        <p className="bo-message" role="alert">
          {problem}
        </p>
      )}
      {!report && !problem && <p role="status">{t('loading')}</p>}
      {report && (
        <>
          <div className="bo-section">
            <BarList title={t('report.funnelTotal')} empty={t('glance.none')} items={STEPS.map((step) => ({ label: t(`report.step.${step}`), value: report.totals[step] }))} />
          </div>
          <div className="bo-section">
            <BarChart
              title={t('report.funnelByDay')}
              labels={report.funnel.map((day) => formatShopDate(day.date, locale).replace(/\s?\d{4}$/, ''))}
              series={STEPS.map((step) => ({ name: t(`report.step.${step}`), values: report.funnel.map((day) => day.steps[step]) }))}
              labelEvery={Math.ceil(report.funnel.length / 7)}
            />
          </div>
          <div className="bo-section">
            <BarList title={t('report.zeroResults')} empty={t('glance.none')} items={report.zero_result_searches.map((entry) => ({ label: entry.query, value: entry.count }))} />
          </div>
          <div className="bo-section">
            <BarList
              title={t('report.topProducts')}
              empty={t('glance.none')}
              items={report.top_products.map((product) => ({
                label: product.name ?? product.pzn,
                value: product.views,
                display: t('report.productCounts', { views: product.views, added: product.added_to_cart }),
              }))}
            />
          </div>
        </>
      )}
    </div>
  );
}
