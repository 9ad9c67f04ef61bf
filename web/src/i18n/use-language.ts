import { useTranslation } from 'react-i18next';
import type { Language } from '../api/types';
import { setLanguage } from './index';
import { textDirection, toLanguage } from './locale';

/** The active interface language, its direction, and the switch that persists a new choice. */
export function useLanguage(): { language: Language; direction: 'rtl' | 'ltr'; setLanguage: (language: Language) => Promise<unknown> } {
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return { language, direction: textDirection(language), setLanguage };
}
