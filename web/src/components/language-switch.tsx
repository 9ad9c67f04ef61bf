import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUpdateSettings } from '../features/account/use-account';
import { currentUserQuery } from '../features/account/use-current-user';
import type { Language } from '../api/types';
import { useLanguage } from '../i18n/use-language';

/**
 * Switches between English and Arabic; the choice is kept in the `locale` cookie and, for a
 * signed-in user, saved to the account (POST /api/user/settings), so e-mails, notifications
 * and invoice PDFs follow the language the user works in.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const { data: user } = useQuery(currentUserQuery);
  const saveSettings = useUpdateSettings();
  const target: Language = language === 'en' ? 'ar' : 'en';
  const switchTo = (next: Language) => {
    void setLanguage(next);
    if (user && user.locale !== next) saveSettings.mutate({ locale: next });
  };
  return (
    <button
      type="button"
      className="language-switch"
      data-testid="lang-switch"
      onClick={() => switchTo(target)}
    >
      <svg className="language-switch__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.95a15.7 15.7 0 0 0-1.38-3.56A8.03 8.03 0 0 1 18.9 8ZM12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82A13.9 13.9 0 0 1 12 4.04ZM4.26 14a8.2 8.2 0 0 1 0-4h3.38a16.5 16.5 0 0 0 0 4H4.26Zm.84 2h2.95c.32 1.25.78 2.45 1.38 3.56A7.99 7.99 0 0 1 5.1 16Zm2.95-8H5.1a7.99 7.99 0 0 1 4.33-3.56A15.7 15.7 0 0 0 8.05 8ZM12 19.96A13.9 13.9 0 0 1 10.09 16h3.82A13.9 13.9 0 0 1 12 19.96ZM14.34 14H9.66a14.7 14.7 0 0 1 0-4h4.68a14.7 14.7 0 0 1 0 4Zm.25 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95a8.03 8.03 0 0 1-4.33 3.56ZM16.36 14a16.5 16.5 0 0 0 0-4h3.38a8.2 8.2 0 0 1 0 4h-3.38Z"
        />
      </svg>
      {/* The name of the other language as shown, then what the button does (speech users say what they see). */}
      <span lang={target}>{t('language.switchLabel')}</span>
      <span className="visually-hidden">{t('language.switchHint')}</span>
    </button>
  );
}
