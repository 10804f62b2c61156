import { useEffect, useState } from 'react';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { screenMessages } from '../i18n/screens';
import { apiClient } from '../../../platform/api-client';
import { type SocialProviderInfo } from '../browser/api-types';
import { startSignIn } from '../browser/social';

const LABEL = { apple: 'socialApple', google: 'socialGoogle', facebook: 'socialFacebook' } as const;

/**
 * Sign in with Apple / Google / Facebook, only for providers the API reports as configured (a
 * provider without a client id is hidden). Renders nothing until that answer arrives.
 */
export function SocialButtons({ locale, redirect }: { locale: Locale; redirect: string | null }) {
  const t = translator(screenMessages, locale);
  const [providers, setProviders] = useState<SocialProviderInfo[]>([]);

  useEffect(() => {
    let live = true;
    apiClient(locale)
      .GET('/api/v1/auth/providers')
      .then(({ data }) => {
        if (live && data) setProviders(data.providers);
      })
      // Without the list there is simply no social sign-in; e-mail and phone still work.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [locale]);

  if (providers.length === 0) return null;
  return (
    <section className="auth-social" aria-labelledby="auth-social-heading">
      <h2 id="auth-social-heading" className="auth-social__heading">
        <span>{t('orDivider')}</span>
        <span className="visually-hidden">{t('socialLabel')}</span>
      </h2>
      <ul className="auth-social__list">
        {providers.map((provider) => (
          <li key={provider.id}>
            <button
              type="button"
              className={`auth-button auth-button--secondary auth-social__button auth-social__button--${provider.id}`}
              onClick={() => {
                void startSignIn(provider.id, provider.clientId, { origin: location.origin, locale, redirect }).then((url) => location.assign(url));
              }}
            >
              {t(LABEL[provider.id])}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
