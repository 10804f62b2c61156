import { useRef, useState } from 'react';
import type { Locale } from '../../../../platform/i18n/locales';
import { translator } from '../../../../platform/i18n/messages';
import { commonMessages } from '../../i18n/common';
import { settingsMessages } from '../../i18n/settings';
import { apiClient } from '../../../../platform/api-client';
import { setFlash } from '../../browser/flash';
import { attempt } from '../../../../platform/api-client/outcome';
import { authHref } from '../../model/routes';
import { endSession } from '../../browser/start-session';
import { successTitle, toastProblem } from '../forms/notify';
import { SubmitButton } from '../forms/SubmitButton';
import { handleUnauthorized, Section } from './shared';

/**
 * Account deletion behind a confirmation dialog. The native modal <dialog> traps focus, closes on
 * Escape and returns focus to the button that opened it.
 */
export function DeleteSection({ locale }: { locale: Locale }) {
  const t = translator(settingsMessages, locale);
  const c = translator(commonMessages, locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    const outcome = await attempt(() => apiClient(locale).DELETE('/api/v1/user'), locale);
    if (outcome.ok) {
      endSession();
      setFlash({ type: 'success', title: successTitle('accountDeleted', locale) });
      location.assign(authHref('login', locale));
      return;
    }
    setBusy(false);
    dialog.current?.close();
    if (!handleUnauthorized(outcome.problem)) toastProblem('oops', outcome.problem, locale);
  }

  return (
    <Section id="settings-delete" title={t('deleteHeading')}>
      <p>{t('deleteIntro')}</p>
      <button type="button" className="auth-button auth-button--danger" onClick={() => dialog.current?.showModal()}>
        {t('deleteButton')}
      </button>
      <dialog ref={dialog} className="auth-dialog" aria-labelledby="delete-dialog-title" aria-describedby="delete-dialog-body">
        <h2 id="delete-dialog-title">{t('deleteDialogTitle')}</h2>
        <p id="delete-dialog-body">{t('deleteDialogBody')}</p>
        <div className="auth-actions">
          <SubmitButton type="button" variant="danger" ready busy={busy} busyLabel={c('working')} onClick={() => void remove()}>
            {t('deleteConfirm')}
          </SubmitButton>
          <button type="button" className="auth-button auth-button--secondary" onClick={() => dialog.current?.close()} disabled={busy} autoFocus>
            {t('cancel')}
          </button>
        </div>
      </dialog>
    </Section>
  );
}
