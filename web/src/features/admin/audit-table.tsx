import { useTranslation } from 'react-i18next';
import { Isolated } from '../../components/isolated';
import { formatDateTime, forwardArrow } from '../../i18n/format';
import { toLanguage } from '../../i18n/locale';
import type { Language } from '../../api/types';
import { AUDIT_NAMESPACES, auditChanges, auditChangeTexts, auditFieldText, type AuditValue, type AuditWords, type CatalogKey } from './audit.fns';
import type { AuditEntry } from './use-admin';

/** What an entry was about, named in the page's language: "User #12" / «المستخدم #12», "Site settings". */
function auditTarget(entry: Pick<AuditEntry, 'target_id'>, name: string): string {
  return entry.target_id ? `${name} #${entry.target_id}` : name;
}

/** Who did what, before and after, when. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  // The language from i18next itself (not useLanguage, which loads the app's i18n setup): the table renders alone in tests.
  const { t, i18n } = useTranslation('admin');
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
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
                <Isolated kind="email">{entry.actor_email}</Isolated>
              </td>
              <td data-label={t('audit.action')}>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</td>
              <td data-label={t('audit.target')}>
                <bdi>{auditTarget(entry, t(`audit.targets.${entry.target_type}`, { defaultValue: entry.target_type }))}</bdi>
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
 * The changed fields as "field: before → after" lines, in the page's language: the field by its
 * label, values as the language writes them (dates, numbers, Yes/No, a status by its name). The
 * stored name or value, when it reads otherwise, is the title, for exactness.
 */
function AuditChanges({ before, after, language }: { before: unknown; after: unknown; language: Language }) {
  // The labels come from the screens that name these fields already (plan editor, content editor): their catalogs too.
  const { t } = useTranslation(AUDIT_NAMESPACES);
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <span className="muted">—</span>;
  // Keys built from stored fields and values (AUDIT_FIELD_LABELS; the audit.fns test checks that each exists).
  const translate = (key: CatalogKey, options?: Record<string, string>) => String(t(key as never, options as never));
  const words: AuditWords = { yes: t('admin:audit.yes'), no: t('admin:audit.no'), translate: (key, fallback) => translate(key, { defaultValue: fallback }) };
  return (
    <ul className="audit-changes">
      {changes.map((change) => {
        const texts = auditChangeTexts(change, language, words);
        const field = auditFieldText(change.field, translate);
        return (
          <li key={change.field}>
            <bdi className="audit-changes__field" title={field === change.field ? undefined : change.field}>
              {field}
            </bdi>
            : <AuditValueText value={change.from} text={texts.from} /> {forwardArrow(language)}{' '}
            <AuditValueText value={change.to} text={texts.to} />
          </li>
        );
      })}
    </ul>
  );
}

function AuditValueText({ value, text }: { value: AuditValue | null; text: string | null }) {
  if (!value || text === null) return <bdi className="audit-changes__value">—</bdi>;
  // Ids, codes, lists and numbers read left to right; a date, a Yes/No or a status in Arabic reads in Arabic.
  const direction = value.kind === 'text' || value.kind === 'date' || value.kind === 'datetime' || value.kind === 'boolean' || value.kind === 'choice' ? 'auto' : 'ltr';
  return (
    <bdi dir={direction} className="audit-changes__value" data-kind={value.kind} title={text === value.raw ? undefined : value.raw}>
      {text}
    </bdi>
  );
}
