import { useTranslation } from 'react-i18next';
import { formatDateTime, forwardArrow } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import type { Language } from '../../api/types';
import { auditChanges, auditChangeTexts, type AuditValue } from './audit.fns';
import type { AuditEntry } from './use-admin';

/** Who did what, before and after, when. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  return (
    <div className="table-wrap table-cards">
      <table className="data-table" data-testid="audit-table">
        <thead>
          <tr>
            <th>{t('audit.when')}</th>
            <th>{t('audit.who')}</th>
            <th>{t('audit.action')}</th>
            <th>{t('audit.target')}</th>
            <th>{t('audit.changes')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label={t('audit.when')}>
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, language)}</time>
              </td>
              <td data-label={t('audit.who')}>
                <bdi dir="ltr">{entry.actor_email}</bdi>
              </td>
              <td data-label={t('audit.action')}>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</td>
              <td data-label={t('audit.target')}>
                <bdi dir="ltr">{entry.target_id ? `${entry.target_type} #${entry.target_id}` : entry.target_type}</bdi>
              </td>
              <td data-testid="audit-changes" data-label={t('audit.changes')}>
                <AuditChanges before={entry.before} after={entry.after} language={language} />
              </td>
            </tr>
          ))}
          {entries.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                {t('audit.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The changed fields as "field: before → after" lines. Values read in the page's language (dates,
 * numbers, Yes/No); the stored value, when it reads otherwise, is the title, for exactness.
 */
function AuditChanges({ before, after, language }: { before: unknown; after: unknown; language: Language }) {
  const { t } = useTranslation('admin');
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <span className="muted">—</span>;
  const words = { yes: t('audit.yes'), no: t('audit.no') };
  return (
    <ul className="audit-changes">
      {changes.map((change) => {
        const texts = auditChangeTexts(change, language, words);
        return (
          <li key={change.field}>
            <bdi className="audit-changes__field">{change.field}</bdi>: <AuditValueText value={change.from} text={texts.from} /> {forwardArrow(language)}{' '}
            <AuditValueText value={change.to} text={texts.to} />
          </li>
        );
      })}
    </ul>
  );
}

function AuditValueText({ value, text }: { value: AuditValue | null; text: string | null }) {
  if (!value || text === null) return <bdi className="audit-changes__value">—</bdi>;
  // Ids, codes, lists and numbers read left to right; a date or a Yes/No in Arabic reads in Arabic.
  const direction = value.kind === 'text' || value.kind === 'date' || value.kind === 'datetime' || value.kind === 'boolean' ? 'auto' : 'ltr';
  return (
    <bdi dir={direction} className="audit-changes__value" data-kind={value.kind} title={text === value.raw ? undefined : value.raw}>
      {text}
    </bdi>
  );
}
