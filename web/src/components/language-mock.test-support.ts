import { useTranslation } from 'react-i18next';

/**
 * `useLanguage` for components rendered to markup (render-markup.test-support.tsx): the app's own reads the browser's
 * cookies at start-up; these need only the language they are rendered in. A test file mocks the module with it:
 * `vi.mock('../i18n/use-language', () => import('./language-mock.test-support'))`.
 */
export function useLanguage() {
  const language = useTranslation().i18n.language as 'en' | 'ar';
  return { language, direction: language === 'ar' ? 'rtl' : 'ltr', setLanguage: async () => {} };
}
