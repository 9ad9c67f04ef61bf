import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import type { Language } from '../../api/types';
import { NotFoundPage } from '../../app/not-found-page';
import { PageLoading } from '../../components/page-loading';
import type { PageKey } from '../../components/page-key';
import { useLanguage } from '../../i18n/use-language';
import { localized } from './content.fns';
import { RichText } from './rich-text';
import type { PublicEntry } from './use-content';

/** The body of an entry in the active language, or the other language's when it has none yet. */
export function EntryBody({ entry }: { entry: PublicEntry }) {
  const { language } = useLanguage();
  const other: Language = language === 'ar' ? 'en' : 'ar';
  const own = localized(entry, 'html', language);
  const fallback = !own && localized(entry, 'html', other);
  if (!own && !fallback) return null;
  return <RichText html={own || localized(entry, 'html', other)} language={own ? language : other} />;
}

/**
 * Loading, "not available" and error states shared by the content screens. A post that does not exist (a mistyped or
 * old address) is the app's 404 page, not "not available at the moment", which promises it will come back.
 */
export function ContentState({ isPending, error, page }: { isPending: boolean; error: unknown; page?: PageKey }) {
  const { t } = useTranslation('content');
  const { t: tCommon } = useTranslation();
  if (isPending) return <PageLoading />;
  if (!error) return null;
  if (isApiError(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="container page-section">
      <div className="panel status-page" data-testid="content-unavailable">
        {page && <h1>{tCommon(`pages.${page}.title`)}</h1>}
        <p className="muted">{t('unavailable')}</p>
        <Link className="button button--ghost" to="/">
          {tCommon('notFound.backHome')}
        </Link>
      </div>
    </section>
  );
}
