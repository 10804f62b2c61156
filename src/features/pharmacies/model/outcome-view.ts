import { formatNumber } from '../../../platform/i18n/format';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { selectionMessages } from '../i18n/selection';
import type { DeliveryCheck } from './selection-types';
import { OUTSIDE_AREA_OFFER } from './delivery-outcome';

export interface OutcomeSuggestion {
  id: string;
  name: string;
  detail: string;
}

/** What the outcome panel says, decided without React so every outcome is unit-tested. */
export interface OutcomeView {
  tone: 'success' | 'warning' | 'error';
  heading: string;
  title: string;
  paragraphs: string[];
  missingIntro: string | null;
  missing: string[];
  suggestionsIntro: string | null;
  suggestions: OutcomeSuggestion[];
}

export function distanceLabel(km: number, locale: Locale): string {
  return translator(selectionMessages, locale)('distance', { km: formatNumber(km, locale, 1) });
}

/** The four outcomes of spec §4/§8 with the server's message in the page language. */
export function describeOutcome(check: DeliveryCheck, locale: Locale): OutcomeView {
  const t = translator(selectionMessages, locale);
  const { answer, productNames } = check;
  const serverMessage = answer.message?.[locale] ?? null;
  const base = { heading: t('outcomeHeading', { address: check.addressLabel }), missingIntro: null, missing: [], suggestionsIntro: null, suggestions: [] };
  const serving = answer.pharmacy?.pharmacy ?? null;

  switch (answer.outcome) {
    case 'in_area_all_in_stock':
    case 'in_area_some_in_stock': {
      const some = answer.outcome === 'in_area_some_in_stock';
      const paragraphs = [
        ...(some && serverMessage ? [serverMessage] : []),
        ...(serving ? [t('servedBy', { pharmacy: serving.name })] : []),
        ...(!some && Object.keys(productNames).length > 0 ? [t('allInStock')] : []),
        ...(serving && !serving.openNow ? [t('closedPreorder')] : []),
      ];
      return {
        ...base,
        tone: some ? 'warning' : 'success',
        title: t('inAreaTitle'),
        paragraphs,
        missingIntro: some && serving ? t('missingIntro', { pharmacy: serving.name }) : null,
        missing: some ? answer.missing_pzns.map((pzn) => productNames[pzn] ?? t('unknownProduct', { pzn })) : [],
      };
    }
    case 'outside_area': {
      const suggestions = answer.alternatives.map((entry) => ({
        id: entry.pharmacy.id,
        name: entry.pharmacy.name,
        detail: [`${entry.pharmacy.address.street} ${entry.pharmacy.address.houseNumber}, ${entry.pharmacy.address.postalCode} ${entry.pharmacy.address.city}`, entry.distance_km === null ? null : distanceLabel(entry.distance_km, locale)]
          .filter(Boolean)
          .join(' · '),
      }));
      return {
        ...base,
        tone: 'error',
        title: t('outsideTitle'),
        paragraphs: [...(serverMessage ? [serverMessage] : []), OUTSIDE_AREA_OFFER[locale], ...(suggestions.length === 0 ? [t('outsideCities')] : [])],
        suggestionsIntro: suggestions.length > 0 ? t('outsideNearest') : null,
        suggestions,
      };
    }
    case 'address_not_recognised':
      return { ...base, tone: 'error', title: t('notRecognisedTitle'), paragraphs: serverMessage ? [serverMessage] : [] };
  }
}
