import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { DateField } from '../../components/date-field';
import { brokenBound } from '../../components/date-field.fns';
import { PageLoading } from '../../components/page-loading';
import { formatDate, formatNumber } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { AdminPageHeader } from '../admin/admin-page-header';
import './analytics.css';
import { reportRangeBounds, shownRange, type ReportRange } from './analytics.fns';
import { usePageViewReport } from './use-analytics';
import '../../components/admin-table.css';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** /admin/analytics: page views per day and the most viewed pages of a chosen range. */
export function AdminAnalyticsPage() {
  const { t } = useTranslation('analytics');
  const { language } = useLanguage();
  // null: the server's default range (the last 30 days, or the days it still keeps when fewer), asked once: its
  // answer names the range and the first day kept (PAGE_VIEW_RETENTION_DAYS), and the fields show that range.
  const [range, setRange] = useState<ReportRange | null>(null);
  const [chosen, setChosen] = useState<ReportRange | null>(null);
  const report = usePageViewReport(range);
  const draft = shownRange(chosen, report.data);
  const number = (value: number) => formatNumber(value, language);
  const errors = isApiError(report.error) ? report.error.errors : {};

  const today = day(new Date());
  // The first day the server still keeps page views of bounds the range (PAGE_VIEW_RETENTION_DAYS).
  const { min: earliest, years } = reportRangeBounds(report.data?.earliest_day, today, draft.from);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A "from" after "to" or before the earliest day kept (a "to" after today) is named under its field already; it is not asked for.
    if (brokenBound(draft.from, { min: earliest, max: draft.to }) || brokenBound(draft.to, { min: draft.from, max: today })) return;
    setRange(draft);
  };

  const max = Math.max(1, ...(report.data?.days.map((d) => d.views) ?? [1]));
  return (
    <section className="container page-section admin-page" data-testid="admin-analytics">
      <AdminPageHeader page="adminAnalytics" />
      <form className="panel range-form" onSubmit={onSubmit}>
        <DateField label={t('range.from')} value={draft.from} onChange={(from) => setChosen({ ...draft, from })} years={years} min={earliest} max={draft.to} errors={errors.from} testId="range-from" />
        <DateField label={t('range.to')} value={draft.to} onChange={(to) => setChosen({ ...draft, to })} years={years} min={draft.from} max={today} errors={errors.to} testId="range-to" />
        <div className="form-field range-form__submit">
          {/* A blank label like the fields' own, so the button stands level with their selects (analytics.css). */}
          <span className="form-field__label" aria-hidden="true">
            {'\u00a0'}
          </span>
          <button type="submit" className="button button--primary">
            {t('range.show')}
          </button>
        </div>
      </form>

      {report.isPending ? (
        <PageLoading />
      ) : report.data ? (
        <>
          <div className="stat-grid">
            <div className="stat panel">
              <span className="stat__label">{t('totals.views')}</span>
              <strong className="stat__value" data-testid="total-views">
                {number(report.data.totals.views)}
              </strong>
            </div>
            <div className="stat panel">
              <span className="stat__label">{t('totals.visitors')}</span>
              <strong className="stat__value" data-testid="total-visitors">
                {number(report.data.totals.visitors)}
              </strong>
              <span className="stat__note muted">{t('totals.visitorsNote')}</span>
            </div>
          </div>

          <div className="panel chart-panel">
            <h2>{t('perDay.title')}</h2>
            <p className="muted small">{t('perDay.range', { from: formatDate(report.data.from, language), to: formatDate(report.data.to, language) })}</p>
            <div className="bar-chart" role="img" aria-label={t('perDay.chartLabel')}>
              {report.data.days.map((d) => (
                <div key={d.day} className="bar-chart__column" title={`${formatDate(d.day, language)}: ${t('views', { count: d.views })}`}>
                  <div className="bar-chart__bar" style={{ blockSize: `${(d.views / max) * 100}%` }} />
                </div>
              ))}
            </div>
            <details className="chart-table">
              <summary>{t('perDay.showTable')}</summary>
              <table className="admin-table" data-testid="days-table">
                <thead>
                  <tr>
                    <th scope="col">{t('columns.day')}</th>
                    <th scope="col">{t('columns.views')}</th>
                    <th scope="col">{t('columns.visitors')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.days.map((d) => (
                    <tr key={d.day}>
                      <td>{formatDate(d.day, language)}</td>
                      <td>{number(d.views)}</td>
                      <td>{number(d.visitors)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </div>

          <div className="panel">
            <h2>{t('topPages.title')}</h2>
            {report.data.top_pages.length === 0 ? (
              <p className="muted">{t('topPages.empty')}</p>
            ) : (
              <table className="admin-table" data-testid="top-pages">
                <thead>
                  <tr>
                    <th scope="col">{t('columns.page')}</th>
                    <th scope="col">{t('columns.views')}</th>
                    <th scope="col">{t('columns.visitors')}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.top_pages.map((row) => (
                    <tr key={row.path}>
                      <td dir="ltr" className="admin-table__code">
                        {row.path}
                      </td>
                      <td>{number(row.views)}</td>
                      <td>{number(row.visitors)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}
