import { useEffect, useState } from 'react';
import { useForm, type FieldError } from '../../../ui/forms/use-form';
import type { ErrorCode } from '../../../platform/http/error-codes';
import { errorCodeText as codeText, isKnownErrorCode } from '../../../platform/api-client/error-text';
import { useErrorCatalogue } from '../../../ui/forms/use-error-catalogue';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { showToast } from '../../../ui/toast/toast';
import { currentDetour, type Detour } from '../../../platform/detour';
import { addressMessages } from '../i18n/messages';
import { addressFormSchema, EMPTY_ADDRESS, isAddressField, toFormValues, type AddressFormValues } from '../model/address-form';
import { ADDRESS_LIMITS } from '../model/address-input';
import { HOUSE_NUMBER_MAX_LENGTH } from '../../../platform/geocoding/house-number';
import { apiClient, attempt, type Outcome } from '../../../platform/api-client';
import { handleUnauthorized } from '../../accounts/client';
import type { Address } from '../browser/api-types';
import type { AddressKind } from '../model/address-url';
import { Field } from './Field';

interface Props {
  locale: Locale;
  kind: AddressKind;
  /** The address being edited; none for a new one. */
  address?: Address | undefined;
  /** False until hydrated: a native submit before that would put the address into the URL. */
  ready: boolean;
  onSaved: (address: Address) => void;
  onCancel: () => void;
}

/** Where a code without `fields` belongs, so even a terse answer lands at a field. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, keyof AddressFormValues>> = {
  HOUSE_NUMBER_REQUIRED: 'house_number',
  INVALID_HOUSE_NUMBER: 'house_number',
  INVALID_POSTAL_CODE: 'postal_code',
  ADDRESS_FIELDS_REQUIRED: 'street_address',
};

/** Client checks carry a catalogue code; server errors arrive worded in the page language. */
function fieldText(error: FieldError | undefined, locale: Locale): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (error.type !== 'server' && isKnownErrorCode(message)) return codeText(message, locale);
  return message;
}

function save(locale: Locale, kind: AddressKind, values: AddressFormValues, id: string | undefined): Promise<Outcome<Address>> {
  const body = { ...values, room: values.room.trim() || null, note: values.note.trim() || null };
  const api = apiClient(locale);
  if (id) {
    const params = { path: { id } };
    return attempt(() => (kind === 'shipping' ? api.PUT('/api/v1/user/shipping/{id}', { params, body }) : api.PUT('/api/v1/user/billing/{id}', { params, body })), locale);
  }
  return attempt(() => (kind === 'shipping' ? api.POST('/api/v1/user/shipping/', { body }) : api.POST('/api/v1/user/billing/', { body })), locale);
}

// The form comes with its checks (AddressBook loads it at the first click), so they need no import of their own.
const checks = async () => addressFormSchema;

/**
 * Add or edit one address (spec §3/§5: street, house number, room, postal code, city, rider note).
 * The client applies the server's own rules, so the messages match; the server's verdict is still
 * mapped onto the fields. Errors sit at the field, are announced, the first one takes focus, and
 * everything typed stays.
 */
export function AddressForm({ locale, kind, address, ready, onSaved, onCancel }: Props) {
  useErrorCatalogue();
  const t = translator(addressMessages, locale);
  const form = useForm<AddressFormValues>({ schema: checks, defaultValues: address ? toFormValues(address) : EMPTY_ADDRESS });
  const { errors, isSubmitting } = form.formState;
  const err = (name: keyof AddressFormValues) => fieldText(errors[name], locale);
  const id = (name: string) => `address-${kind}-${address?.id ?? 'new'}-${name}`;
  const title = address ? t(kind === 'shipping' ? 'editShipping' : 'editBilling') : t(kind === 'shipping' ? 'newShipping' : 'newBilling');

  const named = Boolean(address?.recipient_first_name && address.recipient_last_name);
  // Saving waits for the profile's name to be filled in, so it is never sent half-prefilled.
  const [prefilling, setPrefilling] = useState(!named);
  // An "Add to cart" is waiting for this address: the form says so (read after hydration).
  const [detour, setDetour] = useState<Detour | null>(null);
  useEffect(() => {
    if (!address && kind === 'shipping') setDetour(currentDetour());
  }, [address, kind]);

  useEffect(() => {
    // The recipient comes prefilled from the profile: the street is the first thing to type.
    form.setFocus('street_address');
    // A new address (or one saved before recipients were asked for) starts with the customer's own name.
    if (named) return;
    let cancelled = false;
    void attempt(() => apiClient(locale).GET('/api/v1/user'), locale).then((outcome) => {
      if (cancelled) return;
      setPrefilling(false);
      if (!outcome.ok) return;
      const { firstName, lastName } = outcome.data;
      if (firstName && !form.getValues('recipient_first_name')) form.setValue('recipient_first_name', firstName);
      if (lastName && !form.getValues('recipient_last_name')) form.setValue('recipient_last_name', lastName);
    });
    return () => {
      cancelled = true;
    };
  }, [form, address, named, locale]);

  const onSubmit = form.handleSubmit(async (values) => {
    const outcome = await save(locale, kind, values, address?.id);
    if (outcome.ok) {
      onSaved(outcome.data);
      return;
    }
    if (handleUnauthorized(outcome.problem)) return;
    const { problem } = outcome;
    const hits = Object.entries(problem.fields).filter((entry): entry is [keyof AddressFormValues, ErrorCode] => isAddressField(entry[0]) && entry[1] !== undefined);
    const fallback = FIELD_OF_CODE[problem.code];
    if (hits.length === 0 && fallback) hits.push([fallback, problem.code]);
    hits.forEach(([name, code], index) =>
      form.setError(name, { type: 'server', message: code === problem.code ? problem.message : codeText(code, locale) }, { shouldFocus: index === 0 }),
    );
    if (hits.length === 0) void showToast({ type: 'error', title: t('oops'), description: problem.message });
  });

  return (
    <form className="address-form" noValidate onSubmit={onSubmit} aria-labelledby={id('title')} aria-busy={isSubmitting || undefined}>
      <h3 id={id('title')} className="address-form__title">
        {title}
      </h3>
      {detour && (
        <p className="address-form__detour" data-detour>
          {t('detourAddress', { product: detour.product })}
        </p>
      )}
      <div className="address-form__row address-form__row--name">
        <Field id={id('first-name')} label={t('recipientFirstName')} autoComplete="given-name" maxLength={ADDRESS_LIMITS.recipient_first_name} required registration={form.register('recipient_first_name')} error={err('recipient_first_name')} />
        <Field id={id('last-name')} label={t('recipientLastName')} autoComplete="family-name" maxLength={ADDRESS_LIMITS.recipient_last_name} required registration={form.register('recipient_last_name')} error={err('recipient_last_name')} />
      </div>
      <div className="address-form__row address-form__row--street">
        <Field id={id('street')} label={t('street')} autoComplete="address-line1" maxLength={ADDRESS_LIMITS.street_address} required registration={form.register('street_address')} error={err('street_address')} />
        <Field id={id('house-number')} label={t('houseNumber')} maxLength={HOUSE_NUMBER_MAX_LENGTH} required hint={t('houseNumberHint')} registration={form.register('house_number')} error={err('house_number')} />
      </div>
      <Field id={id('room')} label={t('room')} autoComplete="address-line2" maxLength={ADDRESS_LIMITS.room} registration={form.register('room')} error={err('room')} />
      <div className="address-form__row address-form__row--city">
        <Field id={id('postal-code')} label={t('postalCode')} autoComplete="postal-code" inputMode="numeric" maxLength={5} required registration={form.register('postal_code')} error={err('postal_code')} />
        <Field id={id('locality')} label={t('locality')} autoComplete="address-level2" maxLength={ADDRESS_LIMITS.locality} required registration={form.register('locality')} error={err('locality')} />
      </div>
      <Field id={id('note')} label={t('note')} maxLength={ADDRESS_LIMITS.note} hint={t('noteHint')} registration={form.register('note')} error={err('note')} />
      <div className="address-actions">
        <button type="submit" className="address-button address-button--primary" disabled={!ready || prefilling || isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? t('saving') : t('save')}
        </button>
        <button type="button" className="address-button address-button--secondary" onClick={onCancel} disabled={isSubmitting}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
