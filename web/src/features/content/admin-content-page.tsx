import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AdminTable } from '../../components/admin-table';
import { formatDateTime } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { AdminPageHeader } from '../admin/admin-page-header';
import { localized } from './content.fns';
import './content.css';
import { useAdminContentList, type ContentSection } from './use-content';

const SECTIONS: ContentSection[] = ['page', 'blog', 'case-studies'];

/** Where visitors read an entry. */
export function publicPathOf(section: ContentSection, slug: string) {
  return section === 'page' ? `/${slug}` : `/${section}/${slug}`;
}

/** /admin/content: the fixed pages, the blog and the case studies, each with its entries. */
export function AdminContentPage() {
  const { t } = useTranslation('content');
  const { language } = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const section = (SECTIONS as string[]).includes(searchParams.get('section') ?? '') ? (searchParams.get('section') as ContentSection) : 'page';
  const list = useAdminContentList(section);
  return (
    <section className="container page-section admin-page" data-testid="admin-content">
      <AdminPageHeader
        page="adminContent"
        actions={
          section !== 'page' && (
            <Link className="button button--primary" to={`/admin/content/new?section=${section}`} data-testid="content-new">
              {t(`admin.new.${section}`)}
            </Link>
          )
        }
      />
      <nav className="tabs" aria-label={t('admin.sectionsLabel')}>
        {SECTIONS.map((s) => (
          <button
            key={s}
            type="button"
            className={`tabs__tab${s === section ? ' tabs__tab--active' : ''}`}
            aria-pressed={s === section}
            onClick={() => setSearchParams(s === 'page' ? {} : { section: s })}
          >
            {t(`admin.sections.${s}`)}
          </button>
        ))}
      </nav>
      <AdminTable
        pending={list.isPending}
        count={list.data?.length ?? 0}
        empty={t('admin.empty')}
        testId="content-table"
        columns={[
          { key: 'title', label: t('admin.columns.title') },
          { key: 'address', label: t('admin.columns.address') },
          { key: 'state', label: t('admin.columns.state') },
          { key: 'updated', label: t('admin.columns.updated') },
          { key: 'actions', label: t('admin.columns.actions'), hiddenLabel: true },
        ]}
      >
        {list.data?.map((entry) => (
          <tr key={entry.id} data-testid="content-row" data-slug={entry.slug}>
            <td data-label={t('admin.columns.title')}>
              <div>
                <bdi>{localized(entry, 'title', language) || entry.slug}</bdi>
              </div>
              <div className="muted small">
                <bdi>{localized(entry, 'title', language === 'ar' ? 'en' : 'ar')}</bdi>
              </div>
            </td>
            <td data-label={t('admin.columns.address')}>
              <bdi dir="ltr" className="admin-table__code">
                {publicPathOf(entry.section, entry.slug)}
              </bdi>
            </td>
            <td data-label={t('admin.columns.state')}>
              <span className={`status-pill status-pill--${entry.published ? 'on' : 'off'}`}>{t(entry.published ? 'admin.published' : 'admin.draft')}</span>
            </td>
            <td className="muted small" data-label={t('admin.columns.updated')}>
              {formatDateTime(entry.updated_at, language)}
            </td>
            <td>
              <Link className="button button--ghost button--small" to={`/admin/content/${entry.id}`}>
                {t('admin.edit')}
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
