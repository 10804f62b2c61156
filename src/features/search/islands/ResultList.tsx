import type { KeyboardEvent } from 'react';
import type { Translate } from '../../../platform/i18n/messages';
import type { SearchMessageKey } from '../i18n/messages';
import type { SearchHit } from '../model/hit';

interface Props {
  hits: readonly SearchHit[];
  t: Translate<SearchMessageKey>;
  /** Arrow up on the first result hands focus back to the search field. */
  onLeaveTop: () => void;
}

/** Arrow keys move between result links; Tab works as everywhere else. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>, onLeaveTop: () => void) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a.search-hit__link')];
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (index < 0) return;
  event.preventDefault();
  if (event.key === 'ArrowUp' && index === 0) return onLeaveTop();
  links[event.key === 'ArrowDown' ? Math.min(index + 1, links.length - 1) : index - 1]?.focus();
}

export function ResultList({ hits, t, onLeaveTop }: Props) {
  return (
    <ul className="search-results" role="list" aria-describedby="search-results-hint" onKeyDown={(event) => moveFocus(event, onLeaveTop)}>
      {hits.map((hit) => (
        <li key={hit.pzn} className="search-hit">
          <img className="search-hit__image" src={hit.imageUrl} width={72} height={72} alt={t('imageAlt', { name: hit.name })} loading="lazy" decoding="async" />
          <div className="search-hit__body">
            <h2 className="search-hit__name">
              <a className="search-hit__link" href={hit.href}>
                {hit.name}
              </a>
            </h2>
            <p className="search-hit__meta">
              {hit.brand} · {hit.pack}
              {hit.prescriptionRequired && <span className="search-hit__rx"> · {t('prescription')}</span>}
            </p>
          </div>
          <div className="search-hit__price">
            <p>
              {hit.wasPrice && (
                <span className="search-hit__was" data-was-price={hit.wasPriceKind ?? 'lowest-30-days'}>
                  <span className="search-hit__was-label">{hit.wasPriceKind === 'uvp' ? t('wasPriceUvp') : t('wasPriceLowest30')}</span>{' '}
                  <s>{hit.wasPrice}</s>
                </span>
              )}{' '}
              <span className="visually-hidden">{t('currentPrice')}: </span>
              <strong>{hit.price}</strong>
            </p>
            <p className="search-hit__sub">
              {t('inclVat')}
              {hit.basePrice && <span> · {t('basePrice', { price: hit.basePrice.price, unit: hit.basePrice.unit })}</span>}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
