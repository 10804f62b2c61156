/**
 * Enhances the login form: JSON POST, token storage, safe redirect, error toast. Plain DOM code so
 * the login page loads no framework (React arrives only if a toast is needed).
 */
import { isLocale, localeFromPath } from '../../../platform/i18n/locales';
import { showToast } from '../../../ui/toast/toast';
import { safeRedirectTarget } from '../model/guard';
import { requestLogin } from '../model/login';
import { saveToken } from '../model/session';

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-login-form]')) {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const label = submit?.textContent ?? '';
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : localeFromPath(location.pathname);
  // Enabled only now: without this script the form cannot work (the token lives in the browser).
  if (submit) submit.disabled = false;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity() || submit?.disabled) return;
    const data = new FormData(form);
    setBusy(true);
    const outcome = await requestLogin(String(data.get('email') ?? '').trim(), String(data.get('password') ?? ''), locale);
    if (outcome.ok && saveToken(outcome.token)) {
      location.assign(safeRedirectTarget(new URLSearchParams(location.search).get('redirect'), locale));
      return;
    }
    setBusy(false);
    await showToast({
      type: 'error',
      title: form.dataset.errorTitle ?? '',
      description: (!outcome.ok && outcome.message) || form.dataset.genericError || '',
    });
  });

  function setBusy(busy: boolean): void {
    if (!submit) return;
    submit.disabled = busy;
    submit.textContent = busy ? (form.dataset.busyLabel ?? label) : label;
    form.setAttribute('aria-busy', String(busy));
  }
}
