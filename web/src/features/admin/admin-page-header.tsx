import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageKey } from '../../components/page-key';
import { GlossNotice } from '../translator/gloss-notice';
import { AdminNav } from './admin-nav';
import './admin.css';

/** The console's navigation, then the screen's title and description, shared by the admin screens. */
export function AdminPageHeader({ page, actions }: { page: PageKey; actions?: ReactNode }) {
  const { t: tCommon } = useTranslation();
  return (
    <header className="admin-header">
      <AdminNav />
      <GlossNotice screen="admin" />
      <div className="admin-header__row">
        <div>
          <h1>{tCommon(`pages.${page}.title`)}</h1>
          <p className="muted">{tCommon(`pages.${page}.description`)}</p>
        </div>
        {actions && <div className="admin-header__actions">{actions}</div>}
      </div>
    </header>
  );
}
