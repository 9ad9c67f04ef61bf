import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { postSectionOf } from '../content/content.fns';
import { useHasPosts } from '../content/use-content';
import { webinarFor } from './site-settings.fns';
import { useSiteSettings } from './use-site-settings';

/** Remembers which announcement was dismissed, so a new webinar text shows again. */
const DISMISSED_STORAGE_KEY = 'lisan.webinar.dismissed';

function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(DISMISSED_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The webinar announcement of the site settings, in the active language; hidden when empty
 * or dismissed (in either language). Its link is left out while it leads to a blog or
 * case-study section that has no post yet (no link to an empty page).
 */
export function WebinarBanner() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data: settings } = useSiteSettings();
  const [dismissed, setDismissed] = useState<string | null>(readDismissed);
  const webinar = webinarFor(settings, language);
  const linkHasContent = useHasPosts(postSectionOf(webinar?.link));

  if (!webinar || dismissed === webinar.id) return null;

  const dismiss = () => {
    setDismissed(webinar.id);
    try {
      window.localStorage.setItem(DISMISSED_STORAGE_KEY, webinar.id);
    } catch {
      // Storage blocked: hidden for this page view only.
    }
  };

  return (
    <aside className="webinar-banner" data-testid="webinar-banner" aria-label={t('webinar.label')}>
      <div className="webinar-banner__inner">
        <span className="webinar-banner__label">{t('webinar.label')}</span>
        <p className="webinar-banner__text" dir="auto">
          {webinar.text}
        </p>
        {webinar.link && linkHasContent && (
          <a className="webinar-banner__link" href={webinar.link} target="_blank" rel="noopener noreferrer">
            {t('webinar.join')}
          </a>
        )}
        <button type="button" className="webinar-banner__close" onClick={dismiss} aria-label={t('webinar.dismiss')}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </aside>
  );
}
