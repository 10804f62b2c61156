import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { showToast } from '../../../ui/toast/toast';
import { $addressSelection, checkDelivery } from '../../pharmacies/client';
import { addressMessages } from '../i18n/messages';
import { addressLine } from '../model/address-line';
import { parseAddressPageRequest, type AddressKind } from '../model/address-url';
import { apiClient, attempt } from '../../../platform/api-client';
import { handleUnauthorized } from '../../accounts/client';
import type { Address, AddressList } from '../browser/api-types';
import { AddressCard } from './AddressCard';
import './addresses.css';

// The form (with its zod checks) and the delete dialog show only after a click (or with
// ?new=), so they load then: the page ships without them (issue 16's JS budget).
const loadAddressForm = () => import('./AddressForm');
const AddressForm = lazy(() => loadAddressForm().then((module) => ({ default: module.AddressForm })));
const DeleteAddressDialog = lazy(() => import('./DeleteAddressDialog').then((module) => ({ default: module.DeleteAddressDialog })));

type Editing = { kind: AddressKind; id: string | null } | null;

const KINDS: readonly AddressKind[] = ['shipping', 'billing'];

/**
 * The address screen (protected): shipping and billing addresses with add, edit and delete. A
 * saved or chosen delivery address becomes where the visitor shops: the delivery-area check runs
 * with the cart's products, the serving pharmacy is chosen, and the outcome panel shows the verdict.
 */
export default function AddressBook({ locale }: { locale: Locale }) {
  const t = translator(addressMessages, locale);
  const [hydrated, setHydrated] = useState(false);
  const [list, setList] = useState<AddressList | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [busy, setBusy] = useState(false);
  const [redirect, setRedirect] = useState<string | null>(null);
  const selection = useStore($addressSelection);
  const deleteOpener = useRef<HTMLButtonElement | null>(null);
  const headings = useRef<Partial<Record<AddressKind, HTMLHeadingElement | null>>>({});

  const load = useCallback(async () => {
    setLoadFailed(false);
    const outcome = await attempt(() => apiClient(locale).GET('/api/v1/user/addresses'), locale);
    if (outcome.ok) {
      setList(outcome.data);
      return;
    }
    if (handleUnauthorized(outcome.problem)) return;
    setLoadFailed(true);
  }, [locale]);

  useEffect(() => {
    setHydrated(true);
    const request = parseAddressPageRequest(location.search, locale);
    if (request.openNew) setEditing({ kind: request.openNew, id: null });
    setRedirect(request.redirect);
    void load();
  }, [load, locale]);

  /** Makes a shipping address where the next order goes and checks who delivers there. */
  async function deliverTo(address: Address): Promise<void> {
    const label = addressLine(address);
    $addressSelection.set({ id: address.id, postalCode: address.postal_code, label });
    const outcome = await checkDelivery(
      { postal_code: address.postal_code, street_address: address.street_address, house_number: address.house_number, locality: address.locality },
      { locale, addressLabel: label },
    );
    if (!outcome.ok) void showToast({ type: 'error', title: t('oops'), description: outcome.problem.message });
  }

  async function chooseDelivery(address: Address) {
    setBusy(true);
    await deliverTo(address);
    setBusy(false);
  }

  async function onSaved(kind: AddressKind, saved: Address) {
    setList((current) => {
      const base = current ?? { shipping: [], billing: [] };
      const exists = base[kind].some((entry) => entry.id === saved.id);
      return { ...base, [kind]: exists ? base[kind].map((entry) => (entry.id === saved.id ? saved : entry)) : [...base[kind], saved] };
    });
    setEditing(null);
    void showToast({ type: 'success', title: t('saved') });
    if (kind === 'shipping') {
      setBusy(true);
      await deliverTo(saved);
      setBusy(false);
    } else {
      requestAnimationFrame(() => headings.current[kind]?.focus());
    }
    if (redirect) location.assign(redirect);
  }

  async function confirmDelete() {
    if (!deleting) return;
    const target = deleting;
    setBusy(true);
    const api = apiClient(locale);
    const params = { path: { id: target.id } };
    const outcome = await attempt(
      () => (target.type === 'shipping' ? api.DELETE('/api/v1/user/shipping/{id}', { params }) : api.DELETE('/api/v1/user/billing/{id}', { params })),
      locale,
    );
    setBusy(false);
    setDeleting(null);
    if (!outcome.ok && outcome.problem.status !== 404) {
      if (!handleUnauthorized(outcome.problem)) void showToast({ type: 'error', title: t('oops'), description: outcome.problem.message });
      requestAnimationFrame(() => deleteOpener.current?.focus());
      return;
    }
    // Gone either way (404: deleted elsewhere already).
    setList((current) => (current ? { ...current, [target.type]: current[target.type].filter((entry) => entry.id !== target.id) } : current));
    if ($addressSelection.get()?.id === target.id) $addressSelection.set(null);
    void showToast({ type: 'success', title: t('deleted') });
    requestAnimationFrame(() => headings.current[target.type]?.focus());
  }

  /** After the form closes, focus goes to its section rather than getting lost on the page. */
  function stopEditing(kind: AddressKind) {
    setEditing(null);
    requestAnimationFrame(() => headings.current[kind]?.focus());
  }

  /** Focus goes back to the button that opened the dialog once the modal dialog is gone (it blocks focus elsewhere). */
  function closeDialog() {
    setDeleting(null);
    requestAnimationFrame(() => deleteOpener.current?.focus());
  }

  return (
    <div className="address-book">
      {!list && !loadFailed && <p role="status">{t('loading')}</p>}
      {loadFailed && (
        <div className="address-book__failed">
          <p role="alert">{t('loadFailed')}</p>
          <button type="button" className="address-button address-button--secondary" onClick={() => void load()}>
            {t('retry')}
          </button>
        </div>
      )}
      {KINDS.map((kind) => {
        const entries = list?.[kind] ?? [];
        const adding = editing?.kind === kind && editing.id === null;
        return (
          <section key={kind} className="address-section" aria-labelledby={`addresses-${kind}-heading`}>
            <h2
              id={`addresses-${kind}-heading`}
              tabIndex={-1}
              ref={(element) => {
                headings.current[kind] = element;
              }}
            >
              {t(kind === 'shipping' ? 'shippingHeading' : 'billingHeading')}
            </h2>
            {list && entries.length === 0 && !adding && <p className="address-section__empty">{t(kind === 'shipping' ? 'noShipping' : 'noBilling')}</p>}
            {entries.length > 0 && (
              <ul className="address-list">
                {entries.map((address) => (
                  <li key={address.id}>
                    {editing?.kind === kind && editing.id === address.id ? (
                      <Suspense fallback={null}>
                        <AddressForm locale={locale} kind={kind} address={address} ready={hydrated} onSaved={(saved) => void onSaved(kind, saved)} onCancel={() => stopEditing(kind)} />
                      </Suspense>
                    ) : (
                      <AddressCard
                        address={address}
                        locale={locale}
                        deliverHere={kind === 'shipping' ? { current: hydrated && selection?.id === address.id, busy, onChoose: () => void chooseDelivery(address) } : undefined}
                        onEdit={() => setEditing({ kind, id: address.id })}
                        onDelete={(opener) => {
                          deleteOpener.current = opener;
                          setDeleting(address);
                        }}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
            {adding ? (
              <Suspense fallback={null}>
                <AddressForm locale={locale} kind={kind} ready={hydrated} onSaved={(saved) => void onSaved(kind, saved)} onCancel={() => stopEditing(kind)} />
              </Suspense>
            ) : (
              <button
                type="button"
                className="address-button address-button--primary"
                disabled={!hydrated}
                onPointerEnter={() => void loadAddressForm()}
                onFocus={() => void loadAddressForm()}
                onClick={() => setEditing({ kind, id: null })}
              >
                {t(kind === 'shipping' ? 'addShipping' : 'addBilling')}
              </button>
            )}
          </section>
        );
      })}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteAddressDialog locale={locale} address={deleting} busy={busy} onConfirm={() => void confirmDelete()} onClose={closeDialog} />
        </Suspense>
      )}
    </div>
  );
}
