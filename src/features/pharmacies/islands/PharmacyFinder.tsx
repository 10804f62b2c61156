import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from '../../../ui/forms/use-form';
import { apiClient, attempt } from '../../../platform/api-client';
import { errorCodeText, isKnownErrorCode } from '../../../platform/api-client/error-text';
import { useErrorCatalogue } from '../../../ui/forms/use-error-catalogue';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { showToast } from '../../../ui/toast/toast';
import { selectionMessages } from '../i18n/selection';
import { $addressSelection, $deviceLocation, $selectedPharmacy } from '../browser/shopping-location';
import { checkDelivery } from '../browser/delivery-check';
import { $choosing, $listOrder, chooseAndConfirm } from '../browser/selection-state';
import { DeliveryOutcome } from './DeliveryOutcome';
import { locateDevice, type LocateFailure } from '../browser/geolocation';
import { manualEntryAddress, manualEntryLabel, type ManualEntryValues } from '../model/manual-entry';
import { NearestResult } from './NearestResult';
import { orderFromCheck, orderFromNearest } from '../model/pharmacy-order';
import type { DeliveryCheck, NearestPharmacies } from '../model/selection-types';

// The checks (and zod with them) load at the first check, not with the page.
const manualEntryChecks = () => import('../model/manual-entry-schema').then((module) => module.manualEntrySchema);

interface Props {
  locale: Locale;
  /** How many partner pharmacies the page lists: the nearest ones asked for are at most these. */
  pharmacyCount: number;
}

const FAILURE_KEYS = { denied: 'locationDenied', unavailable: 'locationUnavailable', timeout: 'locationTimeout', unsupported: 'locationUnsupported' } as const;

/**
 * The finder of the pharmacy-selection screen (spec §2): find the pharmacy by device location or by
 * postal code, see whether and by whom we deliver there, and choose it. The list of every pharmacy
 * below is prebuilt HTML (`PharmacyList.astro`); the finder orders it through `$listOrder`.
 * Everything is stored locally, so browse-only visitors can do it too; a logged-in customer's cart
 * follows the choice.
 */
export default function PharmacyFinder({ locale, pharmacyCount }: Props) {
  useErrorCatalogue();
  const t = translator(selectionMessages, locale);
  const [hydrated, setHydrated] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locateFailure, setLocateFailure] = useState<LocateFailure | null>(null);
  const [nearest, setNearest] = useState<NearestPharmacies | null>(null);
  const [check, setCheck] = useState<DeliveryCheck | null>(null);
  const choosing = useStore($choosing);
  const stored = useStore($selectedPharmacy);
  // The prebuilt HTML knows no local choice; reading it only after hydration keeps both renders equal.
  const selectedId = hydrated ? (stored?.id ?? null) : null;
  const postalCodeInput = useRef<HTMLInputElement | null>(null);

  const form = useForm<ManualEntryValues>({ schema: manualEntryChecks, defaultValues: { postalCode: '', street: '', houseNumber: '' } });
  const { errors, isSubmitting } = form.formState;
  const errorText = (message: string | undefined) =>
    !message ? undefined : isKnownErrorCode(message) ? errorCodeText(message, locale) : message in selectionMessages.en ? t(message as 'postalCodeRequired') : message;
  const postalCode = form.register('postalCode');

  useEffect(() => setHydrated(true), []);

  async function locateMe() {
    setLocating(true);
    setLocateFailure(null);
    const position = await locateDevice();
    if (!position.ok) {
      setLocating(false);
      setLocateFailure(position.reason);
      // The manual entry is the way on: put the customer right there.
      postalCodeInput.current?.focus();
      return;
    }
    const outcome = await attempt(
      () => apiClient(locale).GET('/api/shop/v1/pharmacies/nearest', { params: { query: { lat: position.lat, lng: position.lng, limit: Math.min(50, pharmacyCount) } } }),
      locale,
    );
    setLocating(false);
    if (!outcome.ok) {
      void showToast({ type: 'error', title: t('oops'), description: outcome.problem.message });
      return;
    }
    $deviceLocation.set({ lat: position.lat, lng: position.lng, postalCode: outcome.data.postal_code });
    setCheck(null);
    setNearest(outcome.data);
    $listOrder.set(orderFromNearest(outcome.data));
  }

  const onCheck = form.handleSubmit(async (values) => {
    const label = manualEntryLabel(values);
    const outcome = await checkDelivery(manualEntryAddress(values), { locale, addressLabel: label, choose: false });
    if (!outcome.ok) {
      const field = outcome.problem.code === 'INVALID_HOUSE_NUMBER' ? 'houseNumber' : outcome.problem.code === 'INVALID_POSTAL_CODE' ? 'postalCode' : null;
      if (field) form.setError(field, { type: 'server', message: outcome.problem.message }, { shouldFocus: true });
      else void showToast({ type: 'error', title: t('oops'), description: t('checkFailed') });
      return;
    }
    setNearest(null);
    setCheck(outcome.data);
    $listOrder.set(orderFromCheck(outcome.data.answer));
    // A browse-only visitor's typed address is where they shop; a saved address chosen on the
    // address screen stays chosen.
    if (!$addressSelection.get()?.id) $addressSelection.set({ id: null, postalCode: outcome.data.answer.postal_code, label });
  });

  const postalError = errorText(errors.postalCode?.message);
  const houseError = errorText(errors.houseNumber?.message);

  return (
    <section className="pharmacy-finder needs-js" aria-labelledby="pharmacy-finder-heading">
      <h2 id="pharmacy-finder-heading">{t('finderHeading')}</h2>
      <button type="button" className="pharmacy-button pharmacy-button--secondary" onClick={() => void locateMe()} disabled={!hydrated || locating} aria-busy={locating || undefined}>
        {locating ? t('locating') : t('useLocation')}
      </button>
      {locateFailure && (
        <div className="pharmacy-finder__alert" role="alert">
          <p>{t(FAILURE_KEYS[locateFailure])}</p>
          {locateFailure === 'denied' && <p>{t('locationDeniedHint')}</p>}
        </div>
      )}

      <form className="pharmacy-finder__form" noValidate onSubmit={onCheck} aria-labelledby="pharmacy-manual-heading">
        <h3 id="pharmacy-manual-heading">{t('manualHeading')}</h3>
        <div className="pharmacy-finder__fields">
          <div className={`pharmacy-field pharmacy-field--postal${postalError ? ' pharmacy-field--invalid' : ''}`}>
            <label htmlFor="finder-postal-code">{t('postalCode')}</label>
            <input
              id="finder-postal-code"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              required
              {...postalCode}
              ref={(element) => {
                postalCode.ref(element);
                postalCodeInput.current = element;
              }}
              aria-invalid={postalError ? true : undefined}
              aria-describedby={postalError ? 'finder-postal-code-error' : undefined}
            />
            <FieldError id="finder-postal-code-error" message={postalError} />
          </div>
          <div className="pharmacy-field pharmacy-field--street">
            <label htmlFor="finder-street">{t('street')}</label>
            <input id="finder-street" type="text" autoComplete="address-line1" maxLength={100} {...form.register('street')} />
          </div>
          <div className={`pharmacy-field pharmacy-field--house${houseError ? ' pharmacy-field--invalid' : ''}`}>
            <label htmlFor="finder-house-number">{t('houseNumber')}</label>
            <input
              id="finder-house-number"
              type="text"
              maxLength={20}
              {...form.register('houseNumber')}
              aria-invalid={houseError ? true : undefined}
              aria-describedby={houseError ? 'finder-house-number-error' : undefined}
            />
            <FieldError id="finder-house-number-error" message={houseError} />
          </div>
        </div>
        <button type="submit" className="pharmacy-button pharmacy-button--primary" disabled={!hydrated || isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? t('checking') : t('checkSubmit')}
        </button>
      </form>

      {nearest && <NearestResult nearest={nearest} locale={locale} selectedId={selectedId} busy={choosing !== null} onChoose={(pharmacy) => void chooseAndConfirm(pharmacy, locale)} />}
      {check && <DeliveryOutcome check={check} locale={locale} focus />}
    </section>
  );
}

/** A field's error under it, announced as it appears. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="pharmacy-field__error" role="alert">
      <span aria-hidden="true">⚠ </span>
      {message}
    </p>
  );
}
