import { SORTS, type ListingFilters, type Sort } from '../../catalog/client';
import type { Translate } from '../../../platform/i18n/messages';
import type { SearchMessageKey } from '../i18n/messages';
import type { Facets } from '../browser/api';

interface Props {
  filters: ListingFilters;
  /** What the results can be narrowed by; null until known (fetched when the panel first opens). */
  facets: Facets | null;
  t: Translate<SearchMessageKey>;
  onChange: (filters: ListingFilters) => void;
  onOpen: () => void;
}

const SORT_KEY: Record<Sort, SearchMessageKey> = {
  relevance: 'sortRelevance',
  'price-asc': 'sortPriceAsc',
  'price-desc': 'sortPriceDesc',
  'unit-price-asc': 'sortUnitPrice',
  'name-asc': 'sortName',
};
const KIND_KEY: Record<Facets['kinds'][number], SearchMessageKey> = {
  prescription: 'kindPrescription',
  'pharmacy-only': 'kindPharmacyOnly',
  'free-sale': 'kindFreeSale',
  'non-medicine': 'kindNonMedicine',
};

const toggled = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
const euros = (value: string): number | null => {
  const n = Number.parseFloat(value.replace(',', '.'));
  return value.trim() !== '' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
};

/**
 * Sort and filters of the search results, the category page's controls in React. They sit inside
 * the search form, so without JavaScript a submit carries them to the server-rendered results.
 */
export function SearchFilters({ filters, facets, t, onChange, onOpen }: Props) {
  // Shown are the facets and whatever the URL already selects, so a shared link's choices stay visible.
  const options = (known: readonly string[] | undefined, chosen: readonly string[]) => [...new Set([...(known ?? []), ...chosen])];
  const group = (name: 'brand' | 'form' | 'kind', legend: SearchMessageKey, values: string[], chosen: string[], key: 'brands' | 'forms' | 'kinds', label = (v: string) => v) =>
    values.length > 0 && (
      <fieldset>
        <legend>{t(legend)}</legend>
        {values.map((value) => (
          <label key={value} className="search-filters__check">
            <input
              type="checkbox"
              name={name}
              value={value}
              checked={chosen.includes(value)}
              onChange={(event) => onChange({ ...filters, [key]: toggled(filters[key], value, event.target.checked) })}
            />{' '}
            {label(value)}
          </label>
        ))}
      </fieldset>
    );
  return (
    <div className="search-filters">
      <label className="search-filters__sort">
        <span>{t('sortLabel')}</span>
        <select name="sort" value={filters.sort} onChange={(event) => onChange({ ...filters, sort: event.target.value as Sort })}>
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(SORT_KEY[sort])}
            </option>
          ))}
        </select>
      </label>
      <details
        className="search-filters__panel"
        onToggle={(event) => {
          if ((event.currentTarget as HTMLDetailsElement).open) onOpen();
        }}
      >
        <summary>{t('filtersLabel')}</summary>
        <div className="search-filters__groups">
          {group('brand', 'filterBrand', options(facets?.brands, filters.brands), filters.brands, 'brands')}
          {group('form', 'filterForm', options(facets?.forms, filters.forms), filters.forms, 'forms')}
          {group('kind', 'filterKind', options(facets?.kinds, filters.kinds), filters.kinds, 'kinds', (v) => (v in KIND_KEY ? t(KIND_KEY[v as keyof typeof KIND_KEY]) : v))}
          <fieldset>
            <legend>{t('filterPrice')}</legend>
            <div className="search-filters__range">
              <label>
                <span>{t('filterPriceMin')}</span>
                <input
                  type="number"
                  name="min"
                  min="0"
                  step="1"
                  inputMode="numeric"
                  defaultValue={filters.minEuros ?? ''}
                  key={`min-${filters.minEuros}`}
                  onBlur={(event) => euros(event.target.value) !== filters.minEuros && onChange({ ...filters, minEuros: euros(event.target.value) })}
                />
              </label>
              <label>
                <span>{t('filterPriceMax')}</span>
                <input
                  type="number"
                  name="max"
                  min="0"
                  step="1"
                  inputMode="numeric"
                  defaultValue={filters.maxEuros ?? ''}
                  key={`max-${filters.maxEuros}`}
                  onBlur={(event) => euros(event.target.value) !== filters.maxEuros && onChange({ ...filters, maxEuros: euros(event.target.value) })}
                />
              </label>
            </div>
          </fieldset>
          <fieldset>
            <legend>{t('filterAvailability')}</legend>
            <label className="search-filters__check">
              <input type="checkbox" name="available" value="1" checked={filters.available} onChange={(event) => onChange({ ...filters, available: event.target.checked })} />{' '}
              {t('filterAvailable')}
            </label>
          </fieldset>
        </div>
        <div className="search-filters__actions">
          <button type="submit">{t('filterApply')}</button>
          <button
            type="button"
            className="secondary"
            onClick={() => onChange({ brands: [], forms: [], kinds: [], minEuros: null, maxEuros: null, available: false, sort: filters.sort })}
          >
            {t('filterReset')}
          </button>
        </div>
      </details>
    </div>
  );
}
