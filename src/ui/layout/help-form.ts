import { apiClient, attempt } from '../../platform/api-client';
import { isLocale, type Locale } from '../../platform/i18n/locales';
import { handleUnauthorized } from '../../features/accounts/client';

/*
 * The help widget's contact form (HelpWidget.astro): sends the message as general feedback
 * (POST /api/v1/user/feedback) with the stored login and says the outcome in the reserved status
 * line. Its texts ride in the form's data attributes; the server's refusals come worded in the
 * page language. Loaded only when the visitor reaches for the form (shell-script.ts).
 */

interface Texts {
  sending: string;
  sent: string;
  failed: string;
  required: string;
}

/** Called by the stub on first focus or submit. */
export function setUp(form: HTMLFormElement): void {
  const field = form.querySelector('textarea');
  const status = form.querySelector<HTMLElement>('.help__status');
  const button = form.querySelector('button');
  if (!field || !status || !button) return;
  const texts = JSON.parse(form.dataset.texts ?? '{}') as Texts;
  const locale: Locale = isLocale(form.dataset.locale) ? form.dataset.locale : 'en';
  const say = (text: string, tone: 'success' | 'error' | 'info') => {
    status.textContent = text;
    status.dataset.tone = tone;
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const message = field.value.trim();
    if (!message) {
      field.setAttribute('aria-invalid', 'true');
      say(texts.required, 'error');
      field.focus();
      return;
    }
    field.removeAttribute('aria-invalid');
    button.disabled = true;
    say(texts.sending, 'info');
    void attempt(() => apiClient(locale).POST('/api/v1/user/feedback', { body: { message } }), locale)
      .then((outcome) => {
        if (outcome.ok) {
          field.value = '';
          say(texts.sent, 'success');
          return;
        }
        if (handleUnauthorized(outcome.problem)) return;
        say(outcome.problem.message || texts.failed, 'error');
      })
      .catch(() => say(texts.failed, 'error'))
      .finally(() => {
        button.disabled = false;
      });
  });
  form.dataset.ready = 'true';
}
