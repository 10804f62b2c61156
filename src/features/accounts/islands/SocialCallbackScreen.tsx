import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { screenMessages } from '../i18n/screens';
import { apiClient } from '../../../platform/api-client';
import { safeRedirectTarget } from '../model/guard';
import { attempt, type Outcome, type Problem } from '../../../platform/api-client/outcome';
import { toProblem } from '../../../platform/api-client/problem';
import { authHref } from '../model/routes';
import { readCallback, type CallbackResult } from '../browser/social';
import { startSession } from '../browser/start-session';
import type { AuthResult } from '../browser/api-types';
import { toastProblem } from './forms/notify';

const SocialBirthDateForm = lazy(() => import('./SocialBirthDateForm'));

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
  const [phase, setPhase] = useState<Phase>('working');
  const pending = useRef<Accepted | null>(null);
  // finish() runs after an await; the ref tells it which phase the screen is in by then.
  const phaseRef = useRef<Phase>(phase);
  phaseRef.current = phase;

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

  /** Answers the problem the birth-date form shows at its field (too young), if any. */
  function finish(outcome: Outcome<AuthResult>, accepted: Accepted): Problem | undefined {
    if (outcome.ok && startSession(outcome.data)) {
      pending.current = null;
      location.replace(safeRedirectTarget(accepted.redirect, locale));
      return undefined;
    }
    const problem: Problem = outcome.ok ? toProblem(null, 0, locale) : outcome.problem;
    if (problem.code === 'MISSING_PARAMS' && problem.fields.birthDate) {
      setPhase('birthDate');
      return undefined;
    }
    const tooYoung = problem.code === 'AGE_BELOW_MINIMUM_CRITERIA' && phaseRef.current === 'birthDate';
    if (!tooYoung) {
      // Nothing more to send: drop the token and its nonce (sessionStorage was cleared on reading).
      pending.current = null;
      setPhase('failed');
    }
    // Spec §8: a failed social login says "Login failed" with the generic message.
    toastProblem('loginFailed', toProblem(null, 0, locale), locale);
    return tooYoung ? problem : undefined;
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
    void signIn(accepted).then((outcome) => {
      finish(outcome, accepted);
    });
    // Runs once per visit: the state in sessionStorage is single-use.
  }, []);

  async function sendBirthDate(birthDate: string): Promise<Problem | undefined> {
    const accepted = pending.current;
    return accepted ? finish(await signIn(accepted, birthDate), accepted) : undefined;
  }

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
    <Suspense fallback={<p role="status">{t('callbackWorking')}</p>}>
      <SocialBirthDateForm locale={locale} send={sendBirthDate} />
    </Suspense>
  );
}
