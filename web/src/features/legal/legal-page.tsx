import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading';
import { useLanguage } from '../../i18n/use-language';
import { legalTextFor } from '../site-settings/site-settings.fns';
import { useSiteSettings } from '../site-settings/use-site-settings';

/** /terms and /privacy: the texts the admin keeps in the site settings, in the active language. */
export function LegalPage({ document }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const settings = useSiteSettings();
  const text = legalTextFor(settings.data, document, language);

  return (
    <section className="container page-section">
      <article className="panel legal-page">
        <h1>{t(`pages.${document}.title`)}</h1>
        <p className="muted">{t(`pages.${document}.description`)}</p>
        {settings.isPending ? (
          <PageLoading />
        ) : text ? (
          <div className="legal-page__text" dir="auto">
            {text}
          </div>
        ) : (
          <p>{t('legal.empty')}</p>
        )}
      </article>
    </section>
  );
}
