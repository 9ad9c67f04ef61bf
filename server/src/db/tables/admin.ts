import type { ColumnType, Generated } from 'kysely';

export interface AdminAuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  ip: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface AdminTables {
  admin_audit_log: AdminAuditLogTable;
}
