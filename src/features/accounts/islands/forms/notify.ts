import type { Locale } from '../../../../platform/i18n/locales';
import { translator } from '../../../../platform/i18n/messages';
import { showToast } from '../../../../ui/toast/toast';
import { commonMessages } from '../../i18n/common';
import type { Problem } from '../../../../platform/api-client/outcome';

type TitleKey = 'loginFailed' | 'registrationFailed' | 'oops' | 'resetFailed' | 'updateUserFailed';

/** An error toast with a §8 title; the description is the server's message (or the generic one). */
export function toastProblem(title: TitleKey, problem: Pick<Problem, 'message'>, locale: Locale): void {
  void showToast({ type: 'error', title: translator(commonMessages, locale)(title), description: problem.message });
}

type SuccessKey = 'resetEmailSent' | 'passwordReset' | 'emailVerified' | 'accountDeleted' | 'passwordUpdated';

export function successTitle(key: SuccessKey, locale: Locale): string {
  return translator(commonMessages, locale)(key);
}
