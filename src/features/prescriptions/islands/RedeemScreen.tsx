import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Problem } from '../../../platform/api-client';
import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { tableTranslator } from '../../../platform/i18n/messages';
import { ROUTES } from '../../../ui/layout/routes';
import { showToast } from '../../../ui/toast/toast';
import { handleUnauthorized } from '../../accounts/client';
import {
  giveBackPrescription,
  loadPrescriptions,
  redeemPrescription,
  type Exemption,
  type PrescriptionList,
  type PrescriptionView,
} from '../browser/redeem-api';
import type { ScannerText } from '../i18n/scanner-messages';
import type { RedeemScreenText } from '../i18n/redeem-screen-messages';
import type { RedeemBody } from '../model/redeem-input';
import { ExemptionForm } from './ExemptionForm';
import { PrescriptionCard } from './PrescriptionCard';
import PrescriptionScanner from './PrescriptionScanner';
import { TypedTokenForm } from './TypedTokenForm';
import '../../../ui/styles/account.css';
import './redeem.css';

const ConfirmDialog = lazy(() => import('../../../ui/dialogs/ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })));

type ListState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; list: PrescriptionList };

/** What the last attempt gave: the prescriptions redeemed and the tokens that failed, or the one problem. */
type Attempt =
  | { kind: 'redeemed'; prescriptions: PrescriptionView[]; failures: { position: number; message: string }[] }
  | { kind: 'refused'; problem: Problem; from: 'scan' | 'typed' };

export interface RedeemScreenProps {
  locale: Locale;
  /** `redeemScreenText(locale)`: the screen's texts in the page's language. */
  text: RedeemScreenText;
  /** `scannerText(locale)`. */
  scanner: ScannerText;
}

/**
 * The redeem screen (issue 29): three ways in (camera, photo or PDF, the code typed), what was
 * redeemed with the co-payment, the customer's prescriptions with "Give back", and the
 * co-payment exemption. Results are announced (a status line, then focus on their heading);
 * refusals are alerts next to where the customer acted.
 */
export default function RedeemScreen({ locale, text, scanner }: RedeemScreenProps) {
  const t = useMemo(() => tableTranslator(text), [text]);
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [returning, setReturning] = useState<PrescriptionView | null>(null);
  const [returnBusy, setReturnBusy] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const returnButton = useRef<HTMLButtonElement | null>(null);
  const [focusResult, setFocusResult] = useState(0);

  const load = useCallback(async () => {
    const outcome = await loadPrescriptions(locale);
    if (outcome.ok) setList({ kind: 'ready', list: outcome.data });
    else if (!handleUnauthorized(outcome.problem)) setList({ kind: 'failed', message: outcome.problem.message || t('loadFailed') });
  }, [locale, t]);

  useEffect(() => {
    void load();
  }, []);

  // Focus moves to what the attempt gave once it is on the page, so a screen reader reads it next.
  useEffect(() => {
    if (focusResult) resultHeading.current?.focus();
  }, [focusResult]);

  /** Sends each body in turn; the problem when nothing was redeemed (the typed form puts it on its fields). */
  const redeem = async (bodies: RedeemBody[], from: 'scan' | 'typed'): Promise<Problem | null> => {
    setBusy(true);
    setAttempt(null);
    setStatus(t('redeeming'));
    const prescriptions: PrescriptionView[] = [];
    const failures: { position: number; message: string }[] = [];
    let refusal: Problem | null = null;
    for (const [index, body] of bodies.entries()) {
      const outcome = await redeemPrescription(locale, body);
      if (outcome.ok) {
        prescriptions.push(...outcome.data.prescriptions);
        failures.push(...outcome.data.failures.map((failure) => ({ position: failure.position, message: failure.message })));
      } else {
        if (handleUnauthorized(outcome.problem)) return outcome.problem;
        // A second code of several that failed as a whole: named by its place among them.
        if (bodies.length > 1) failures.push({ position: index + 1, message: outcome.problem.message });
        refusal ??= outcome.problem;
      }
    }
    setBusy(false);
    if (prescriptions.length > 0) {
      setAttempt({ kind: 'redeemed', prescriptions, failures });
      setStatus(t('redeemedStatus', { count: prescriptions.length }));
      setFocusResult((n) => n + 1);
      void load();
      return null;
    }
    setStatus('');
    const problem = refusal ?? { code: 'GENERIC_ERROR', message: '', fields: {}, status: 0 };
    setAttempt({ kind: 'refused', problem, from });
    return problem;
  };

  const onCodes = (texts: string[]) => void redeem(texts.map((code) => ({ code })), 'scan');

  const confirmReturn = async () => {
    if (!returning) return;
    setReturnBusy(true);
    const outcome = await giveBackPrescription(locale, returning.id);
    setReturnBusy(false);
    if (!outcome.ok) {
      if (handleUnauthorized(outcome.problem)) return;
      void showToast({ type: 'error', title: t('giveBackFailed'), description: outcome.problem.message });
      return;
    }
    setReturning(null);
    void showToast({ type: 'success', title: t('givenBack') });
    setAttempt((current) => (current?.kind === 'redeemed' ? { ...current, prescriptions: current.prescriptions.filter((p) => p.id !== returning.id) } : current));
    await load();
    // The button is gone with the prescription: focus goes back to the list.
    listHeading.current?.focus();
  };

  const exemption = list.kind === 'ready' ? list.list.exemption : null;
  const onExemptionSaved = (saved: Exemption) => {
    if (list.kind === 'ready') setList({ kind: 'ready', list: { ...list.list, exemption: saved } });
    void load();
  };

  const refusal = attempt?.kind === 'refused' ? attempt.problem : null;
  const needsPharmacy = refusal?.code === 'PHARMACY_REQUIRED';
  // A typed token's refusal about one of its fields stands under that field instead.
  const refusalShown = refusal !== null && (attempt?.kind === 'refused' && attempt.from === 'scan' ? true : !Object.keys(refusal.fields).some((name) => name === 'prescriptionId' || name === 'accessCode'));

  return (
    <div className="account-screen prescriptions">
      <section className="account-panel" aria-labelledby="redeem-ways-heading">
        <h2 id="redeem-ways-heading">{t('waysHeading')}</h2>
        <h3 className="prescriptions__subheading">{t('scanHeading')}</h3>
        <PrescriptionScanner text={scanner} onCodes={onCodes} onError={() => setAttempt(null)} />
        <h3 className="prescriptions__subheading">{t('typeHeading')}</h3>
        <TypedTokenForm text={text} t={t} busy={busy} onRedeem={(body) => redeem([body], 'typed')} />
        <p className="prescriptions__status" role="status">
          {status}
        </p>
        {refusal && refusalShown && (
          <div className="account-failed" role="alert">
            <p>{refusal.message}</p>
            {needsPharmacy && (
              <a className="account-button account-button--secondary" href={localizePath(ROUTES.pharmacies, locale)}>
                {t('choosePharmacy')}
              </a>
            )}
          </div>
        )}
      </section>

      {attempt?.kind === 'redeemed' && (
        <section className="account-screen" aria-labelledby="redeem-result-heading">
          <h2 id="redeem-result-heading" ref={resultHeading} tabIndex={-1}>
            {attempt.prescriptions.length === 1 ? t('redeemedOne') : t('redeemedMany', { count: attempt.prescriptions.length })}
          </h2>
          {attempt.failures.length > 0 && (
            <div className="account-failed" role="alert">
              <p className="prescriptions__failures-heading">{t('failuresHeading')}</p>
              <ul>
                {attempt.failures.map((failure) => (
                  <li key={`${failure.position}-${failure.message}`}>{t('failureAt', { position: failure.position, message: failure.message })}</li>
                ))}
              </ul>
            </div>
          )}
          {attempt.prescriptions.map((prescription) => (
            <PrescriptionCard key={prescription.id} prescription={prescription} exemption={exemption} locale={locale} t={t} />
          ))}
        </section>
      )}

      <section className="account-screen" aria-labelledby="redeem-list-heading">
        <h2 id="redeem-list-heading" ref={listHeading} tabIndex={-1}>
          {t('listHeading')}
        </h2>
        {list.kind === 'loading' && <p role="status">{t('loading')}</p>}
        {list.kind === 'failed' && (
          <div className="account-failed" role="alert">
            <p>{list.message}</p>
            <button type="button" className="account-button account-button--secondary" onClick={() => void load()}>
              {t('retry')}
            </button>
          </div>
        )}
        {list.kind === 'ready' &&
          (list.list.prescriptions.length === 0 ? (
            <p className="account-muted">{t('listEmpty')}</p>
          ) : (
            <ul className="account-list">
              {list.list.prescriptions.map((prescription) => (
                <li key={prescription.id}>
                  <PrescriptionCard prescription={prescription} exemption={exemption} locale={locale} t={t} showStatus>
                    {prescription.status === 'redeemed' && (
                      <div className="account-actions">
                        <button
                          type="button"
                          className="account-button account-button--secondary"
                          aria-label={t('giveBackLabel', { id: prescription.prescriptionId })}
                          onClick={(event) => {
                            returnButton.current = event.currentTarget;
                            setReturning(prescription);
                          }}
                        >
                          {t('giveBack')}
                        </button>
                      </div>
                    )}
                  </PrescriptionCard>
                </li>
              ))}
            </ul>
          ))}
      </section>

      {list.kind === 'ready' && (
        <section className="account-panel" aria-labelledby="redeem-exemption-heading">
          <h2 id="redeem-exemption-heading">{t('exemptionHeading')}</h2>
          <ExemptionForm locale={locale} text={text} t={t} exemption={list.list.exemption} onSaved={onExemptionSaved} />
        </section>
      )}

      {returning && (
        <Suspense fallback={null}>
          <ConfirmDialog
            id="prescription-give-back"
            block="prescriptions"
            title={t('confirmTitle')}
            body={t('confirmBody', { id: returning.prescriptionId })}
            confirmLabel={t('confirmYes')}
            busyLabel={t('confirmBusy')}
            cancelLabel={t('confirmCancel')}
            busy={returnBusy}
            onConfirm={() => void confirmReturn()}
            onClose={() => {
              setReturning(null);
              returnButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
