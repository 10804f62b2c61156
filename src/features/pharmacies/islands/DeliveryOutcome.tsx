import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import type { DeliveryCheck } from '../model/selection-types';
import { describeOutcome } from '../model/outcome-view';

interface Props {
  check: DeliveryCheck;
  locale: Locale;
  /** Moves focus to the outcome when it appears or changes (the form that caused it is gone or done). */
  focus?: boolean;
  /** Extra content under the outcome, e.g. a button to choose the serving pharmacy. */
  children?: ReactNode;
}

/**
 * The answer to "do you deliver here?": in the area with everything or only some items in stock
 * (naming the missing products), outside the area with pharmacies for pickup, or not recognised.
 * The heading states the outcome, so moving focus to it reads the verdict first.
 */
export function DeliveryOutcome({ check, locale, focus = false, children }: Props) {
  const view = describeOutcome(check, locale);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [check, focus]);

  return (
    <section className={`delivery-outcome delivery-outcome--${view.tone}`} aria-labelledby={headingId} data-outcome={check.answer.outcome}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="delivery-outcome__title">
        {view.title}
      </h2>
      <p className="delivery-outcome__address">{view.heading}</p>
      {view.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {view.missing.length > 0 && (
        <>
          <p>{view.missingIntro}</p>
          <ul className="delivery-outcome__list">
            {view.missing.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </>
      )}
      {view.suggestions.length > 0 && (
        <>
          <p>{view.suggestionsIntro}</p>
          <ul className="delivery-outcome__list">
            {view.suggestions.map((suggestion) => (
              <li key={suggestion.id}>
                <strong>{suggestion.name}</strong>
                <br />
                {suggestion.detail}
              </li>
            ))}
          </ul>
        </>
      )}
      {children}
    </section>
  );
}
