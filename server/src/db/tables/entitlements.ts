import type { ColumnType, Generated } from 'kysely';

/** The one usage ledger (migration 0120): every quota's counter. */
export interface UsageLedgerTable {
  subject: string;
  metric: UsageMetric;
  /** The UTC day (texts) or month (everything else) the count belongs to, as its first day. */
  period_start: ColumnType<string, string, string>;
  used: Generated<string | number>;
  updated_at: Generated<Date>;
}

/** A quota's metric (a plan limits it), or a figure only counted (an API key's requests). */
export type UsageMetric = QuotaMetric | 'api_requests';
export type QuotaMetric = 'text_requests' | 'documents' | 'web_pages' | 'api_characters';

export interface EntitlementsTables {
  usage_ledger: UsageLedgerTable;
}
