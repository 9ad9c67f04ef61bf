import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '../../api/types';
import { SOCIAL_PROVIDERS, socialLoginHref } from './auth.fns';
import { useAuthProviders } from './use-auth';
import './social-login.css';

export function ProviderIcon({ provider }: { provider: SocialProvider }) {
  if (provider === 'google') {
    return (
      <svg className="provider-icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5Z" />
        <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z" />
        <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2A11.9 11.9 0 0 1 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44Z" />
        <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3a12 12 0 0 1-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5Z" />
      </svg>
    );
  }
  return (
    <svg className="provider-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="4" fill="#0A66C2" />
      <path fill="#fff" d="M7.1 9.5H4.6V19h2.5V9.5ZM5.9 5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm13.5 8.4c0-2.6-1.4-4.1-3.6-4.1-1.2 0-2 .6-2.4 1.2V9.5H11V19h2.5v-5c0-1.3.5-2.1 1.6-2.1 1 0 1.6.7 1.6 2.1v5h2.5v-5.6Z" />
    </svg>
  );
}

/**
 * "Continue with Google / LinkedIn", one per configured provider (none while the list
 * loads or when no provider is configured, and then no "or" divider either).
 */
export function SocialLoginButtons({ remember = false }: { remember?: boolean }) {
  const { t } = useTranslation('auth');
  const { data: available } = useAuthProviders();
  const providers = SOCIAL_PROVIDERS.filter((provider) => available?.[provider]);
  if (providers.length === 0) return null;
  return (
    <div className="social-login">
      <div className="social-login__buttons">
        {providers.map((provider) => (
          <a key={provider} className="button button--outline social-login__button" href={socialLoginHref(provider, remember)} data-provider={provider}>
            <ProviderIcon provider={provider} />
            <span>{t(`social.${provider}`)}</span>
          </a>
        ))}
      </div>
      <p className="social-login__divider">
        <span>{t('form.or')}</span>
      </p>
    </div>
  );
}
