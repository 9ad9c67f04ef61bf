import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import type { AuditEntry } from './use-admin';

const summarize = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '—');

/** Who did what, before and after, when. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  return (
    <div className="table-wrap">
      <table className="data-table" data-testid="audit-table">
        <thead>
          <tr>
            <th>{t('audit.when')}</th>
            <th>{t('audit.who')}</th>
            <th>{t('audit.action')}</th>
            <th>{t('audit.target')}</th>
            <th>{t('audit.before')}</th>
            <th>{t('audit.after')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{new Date(entry.created_at).toLocaleString(language === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB')}</td>
              <td dir="ltr">{entry.actor_email}</td>
              <td>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</td>
              <td dir="ltr">{entry.target_id ? `${entry.target_type} #${entry.target_id}` : entry.target_type}</td>
              <td dir="ltr" className="audit-json">{summarize(entry.before)}</td>
              <td dir="ltr" className="audit-json">{summarize(entry.after)}</td>
            </tr>
          ))}
          {entries.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                {t('audit.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
