import { useTranslation } from 'react-i18next';

/**
 * `useLanguage` for markup tests (`vi.mock('…/i18n/use-language', () => import('…/i18n/use-language.test-support'))`):
 * the app's i18n start-up reads the browser's cookies; a rendered component needs only the language
 * it is rendered in (`renderMarkup`'s), and its direction.
 */
export function useLanguage() {
  const language = useTranslation().i18n.language as 'en' | 'ar';
  return { language, direction: language === 'ar' ? 'rtl' : 'ltr', setLanguage: async () => {} } as const;
}
