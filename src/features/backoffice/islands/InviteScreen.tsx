import { useEffect, useState } from 'react';
import { apiClient, attempt } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { localizePath } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { backOfficeMessages } from '../i18n/messages';
import './backoffice.css';

/**
 * The invitation link's page (/pharmacy/invite/#token=…): the token rides in the fragment, so it
 * never reaches a server log; it is read here and sent once with the new password.
 */
export default function InviteScreen({ locale }: { locale: Locale }) {
  const t = translator(backOfficeMessages, locale);
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setToken(new URLSearchParams(location.hash.slice(1)).get('token') ?? '');
  }, []);

  if (token === null) return null;
  if (!token)
    return (
      <p className="bo-message" role="alert">
        {t('noToken')}
      </p>
    );
  if (done)
    return (
      <div className="bo-message" role="status">
        <p>{t('passwordSet', { email: done })}</p>
        <a href={localizePath('/shop/login/', locale)}>{t('toLogin')}</a>
      </div>
    );

  return (
    <form
      className="bo-screen bo-narrow"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const outcome = await attempt(() => apiClient(locale).POST('/api/v1/staff-invites/accept', { body: { token, password, confirm_password: confirm } }), locale);
        setBusy(false);
        if (outcome.ok) {
          history.replaceState(null, '', location.pathname);
          setDone(outcome.data.email);
        } else setError(outcome.problem.message);
      }}
    >
      <p>{t('inviteIntro')}</p>
      <div className="bo-field">
        <label htmlFor="bo-password">{t('password')}</label>
        <input id="bo-password" type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} aria-describedby={error ? 'bo-invite-error' : undefined} />
      </div>
      <div className="bo-field">
        <label htmlFor="bo-password-confirm">{t('confirmPassword')}</label>
        <input id="bo-password-confirm" type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} />
      </div>
      {error && (
        <p id="bo-invite-error" className="bo-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="bo-button" disabled={busy}>
        {busy ? t('working') : t('setPassword')}
      </button>
    </form>
  );
}
