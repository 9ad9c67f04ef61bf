import type { ColumnType } from 'kysely';

/** Where a model stands in its download (engines/bergamot/provision.ts moves it). */
export type ModelState = 'missing' | 'disabled' | 'checking' | 'downloading' | 'verifying' | 'installed' | 'failed';

export interface EngineModelFileProgress {
  name: string;
  file_type: string;
  size: number;
  bytes: number;
}

export interface EngineModelsTable {
  direction: string;
  /** Written by the provisioner only. */
  state: ModelState;
  version: string | null;
  variant: string | null;
  source_url: string | null;
  files: ColumnType<EngineModelFileProgress[], string | undefined, string>;
  bytes_total: ColumnType<number, number | undefined, number>;
  bytes_done: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  last_error_at: Date | null;
  next_attempt_at: Date | null;
  installed_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface EngineProvisioningLeaseTable {
  name: string;
  holder: string;
  expires_at: Date;
}

export interface EngineTables {
  engine_models: EngineModelsTable;
  engine_provisioning_lease: EngineProvisioningLeaseTable;
}
