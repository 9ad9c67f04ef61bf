import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  team_id: number | null;
  name: string;
  /** The first characters of the key, shown so its owner recognises it. */
  prefix: string;
  /** SHA-256 of the whole key (base64url); the key itself is never stored. */
  secret_hash: string;
  created_at: Timestamp;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface ApiGlossaryNamesTable {
  owner_key: string;
  source_lang: string;
  target_lang: string;
  name: string;
  created_at: Timestamp;
}

/** The name of an account's multilingual (DeepL v3) glossary (migration 0420). */
export interface ApiMultilingualGlossariesTable {
  owner_key: string;
  name: string;
  created_at: Timestamp;
}

/** Tables of the developer API module (migrations 0170 and 0420). */
export interface ApiTables {
  api_keys: ApiKeysTable;
  api_glossary_names: ApiGlossaryNamesTable;
  api_multilingual_glossaries: ApiMultilingualGlossariesTable;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
