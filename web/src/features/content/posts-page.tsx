import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../app/document-title';
import { formatDate } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { localized } from './content.fns';
import { ContentState, EntryBody } from './content-view';
import './content.css';
import { usePost, usePosts, type PostSection } from './use-content';

const PAGE_KEY = { blog: 'blog', 'case-studies': 'caseStudies' } as const;

/** /blog and /case-studies: the published posts, newest first. */
export function PostListPage({ section }: { section: PostSection }) {
  const { t } = useTranslation('content');
  const { t: tCommon } = useTranslation();
  const { language } = useLanguage();
  const posts = usePosts(section);
  const page = PAGE_KEY[section];
  return (
    <section className="container page-section">
      <div className="section-heading">
        <h1>{tCommon(`pages.${page}.title`)}</h1>
        <p className="muted">{tCommon(`pages.${page}.description`)}</p>
      </div>
      {!posts.data ? (
        <ContentState isPending={posts.isPending} error={posts.error} />
      ) : posts.data.length === 0 ? (
        <p className="panel content-empty" data-testid="posts-empty">
          {t(`${page}.empty`)}
        </p>
      ) : (
        <ul className="post-list" data-testid="post-list">
          {posts.data.map((post) => (
            <li key={post.slug} className="post-card">
              <article>
                <p className="post-card__date muted">{formatDate(post.published_at, language)}</p>
                <h2 className="post-card__title" dir="auto">
                  <Link to={`/${section}/${post.slug}`}>{localized(post, 'title', language) || localized(post, 'title', language === 'ar' ? 'en' : 'ar')}</Link>
                </h2>
                {localized(post, 'summary', language) && (
                  <p className="post-card__summary" dir="auto">
                    {localized(post, 'summary', language)}
                  </p>
                )}
                <Link className="post-card__more" to={`/${section}/${post.slug}`} aria-hidden="true" tabIndex={-1}>
                  {t('readMore')}
                </Link>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /blog/:slug and /case-studies/:slug. */
export function PostPage({ section }: { section: PostSection }) {
  const { t } = useTranslation('content');
  const { language } = useLanguage();
  const { slug = '' } = useParams();
  const post = usePost(section, slug);
  const page = PAGE_KEY[section];
  const entry = post.data;
  const title = entry && (localized(entry, 'title', language) || localized(entry, 'title', language === 'ar' ? 'en' : 'ar'));
  usePageTitle(title);
  if (!entry) return <ContentState isPending={post.isPending} error={post.error} page={page} />;
  return (
    <section className="container page-section">
      <article className="panel content-page" data-testid="post-page">
        <p className="content-page__back">
          <Link to={`/${section}`}>{t(`${page}.back`)}</Link>
        </p>
        <header className="content-page__header">
          <h1 dir="auto">{title}</h1>
          <p className="muted">{t('published', { date: formatDate(entry.published_at, language) })}</p>
        </header>
        <EntryBody entry={entry} />
      </article>
    </section>
  );
}
