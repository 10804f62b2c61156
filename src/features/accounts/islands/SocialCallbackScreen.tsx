import { useEffect, useRef, useState } from 'react';
import { useForm } from '../../../ui/forms/use-form';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { commonMessages } from '../i18n/common';
import { screenMessages } from '../i18n/screens';
import { apiClient } from '../../../platform/api-client';
import { safeRedirectTarget } from '../model/guard';
import { attempt, type Outcome, type Problem } from '../../../platform/api-client/outcome';
import { toProblem } from '../../../platform/api-client/problem';
import { authHref } from '../model/routes';
import { readCallback, type CallbackResult } from '../browser/social';
import { startSession } from '../browser/start-session';
import type { AuthResult } from '../browser/api-types';
import { accountChecks } from './forms/checks';
import { Field } from './forms/Field';
import { applyProblem, fieldErrorText } from './forms/field-errors';
import { SubmitButton } from './forms/SubmitButton';
import { toastProblem } from './forms/notify';

type Accepted = Extract<CallbackResult, { ok: true }>;
type Phase = 'working' | 'birthDate' | 'failed';

/**
 * The provider sends the visitor back here with a token in the URL fragment. The token goes to
 * POST /api/v1/user/auth/<provider>; a first sign-in that creates an account also needs the birth
 * date (18+), asked for here and sent with the same token. Apple/Google tokens go with the nonce
 * this tab stored when it started the sign-in (read once from sessionStorage, then held in memory).
 */
export default function SocialCallbackScreen({ locale }: { locale: Locale }) {
  const t = translator(screenMessages, locale);
  const c = translator(commonMessages, locale);
  const [phase, setPhase] = useState<Phase>('working');
  const pending = useRef<Accepted | null>(null);
  // finish() runs after an await; the ref tells it which phase the screen is in by then.
  const phaseRef = useRef<Phase>(phase);
  phaseRef.current = phase;
  const form = useForm({ schema: accountChecks('birthDateSchema'), defaultValues: { birthDate: '' } });

  async function signIn(accepted: Accepted, birthDate?: string): Promise<Outcome<AuthResult>> {
    const extras = birthDate ? { birthDate } : {};
    const api = apiClient(locale);
    return accepted.kind === 'accessToken'
      ? attempt(() => api.POST('/api/v1/user/auth/facebook', { body: { accessToken: accepted.token, ...extras } }), locale)
      : attempt(
          () => api.POST('/api/v1/user/auth/{provider}', { params: { path: { provider: accepted.provider } }, body: { idToken: accepted.token, nonce: accepted.nonce, ...extras } }),
          locale,
        );
  }

  function finish(outcome: Outcome<AuthResult>, accepted: Accepted): void {
    if (outcome.ok && startSession(outcome.data)) {
      pending.current = null;
      location.replace(safeRedirectTarget(accepted.redirect, locale));
      return;
    }
    const problem: Problem = outcome.ok ? toProblem(null, 0, locale) : outcome.problem;
    if (problem.code === 'MISSING_PARAMS' && problem.fields.birthDate) {
      setPhase('birthDate');
      return;
    }
    if (problem.code === 'AGE_BELOW_MINIMUM_CRITERIA' && phaseRef.current === 'birthDate') {
      applyProblem(form, problem, locale, { AGE_BELOW_MINIMUM_CRITERIA: 'birthDate' });
    } else {
      // Nothing more to send: drop the token and its nonce (sessionStorage was cleared on reading).
      pending.current = null;
      setPhase('failed');
    }
    // Spec §8: a failed social login says "Login failed" with the generic message.
    toastProblem('loginFailed', toProblem(null, 0, locale), locale);
  }

  useEffect(() => {
    const accepted = readCallback(location.hash);
    // The token must not stay in the address bar or the history.
    history.replaceState(null, '', location.pathname + location.search);
    if (!accepted.ok) {
      setPhase('failed');
      toastProblem('loginFailed', toProblem(null, 0, locale), locale);
      return;
    }
    pending.current = accepted;
    void signIn(accepted).then((outcome) => finish(outcome, accepted));
    // Runs once per visit: the state in sessionStorage is single-use.
  }, []);

  const onSubmit = form.handleSubmit(async ({ birthDate }) => {
    const accepted = pending.current;
    if (!accepted) return;
    finish(await signIn(accepted, birthDate), accepted);
  });

  if (phase === 'working') return <p role="status">{t('callbackWorking')}</p>;
  if (phase === 'failed') {
    return (
      <div className="auth-stack">
        <p role="alert">{t('callbackFailed')}</p>
        <p>
          <a href={authHref('login', locale)}>{t('backToLogin')}</a>
        </p>
      </div>
    );
  }
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={form.formState.isSubmitting}>
      <p>{t('callbackBirthDate')}</p>
      <Field
        id="callback-birth-date"
        label={c('birthDate')}
        type="date"
        autoComplete="bday"
        required
        registration={form.register('birthDate')}
        error={fieldErrorText(form.formState.errors.birthDate, locale)}
      />
      <SubmitButton ready busy={form.formState.isSubmitting} busyLabel={c('working')}>
        {t('callbackContinue')}
      </SubmitButton>
    </form>
  );
}
