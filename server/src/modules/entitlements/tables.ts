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

export type UsageMetric = 'text_requests' | 'documents' | 'web_pages' | 'api_characters';

export interface EntitlementsTables {
  usage_ledger: UsageLedgerTable;
}
