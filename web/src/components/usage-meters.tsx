import { formatNumber } from '../i18n/format';
import { useLanguage } from '../i18n/use-language';
import { useTranslation } from 'react-i18next';

export interface UsageRow {
  key: 'texts' | 'documents' | 'pages' | 'apiCharacters';
  label: string;
  used: number;
  limit: number;
}

/**
 * Usage against a plan's limits, one meter a row ("3 of 20"): the team page shows the
 * team's, the dashboard the user's. `testIdPrefix` names each figure (`<prefix>-texts`).
 */
export function UsageMeters({ title, rows, testId, testIdPrefix }: { title: string; rows: readonly UsageRow[]; testId: string; testIdPrefix: string }) {
  const { t } = useTranslation('team');
  const { language } = useLanguage();
  const titleId = `${testId}-title`;
  return (
    <section className="panel team-usage" data-testid={testId} aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <dl className="team-usage__list">
        {rows.map((row) => (
          <div key={row.key} className="team-usage__item">
            <dt>{row.label}</dt>
            <dd>
              <meter min={0} max={Math.max(1, row.limit)} value={Math.min(row.used, row.limit)} aria-label={row.label} />
              <span data-testid={`${testIdPrefix}-${row.key}`}>{t('usage.of', { used: formatNumber(row.used, language), limit: formatNumber(row.limit, language) })}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
