import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A translation domain: routes engines (ENGINE_CHAIN_*) and scopes glossaries. */
export type Domain = 'general' | 'business' | 'legal' | 'ecommerce';

export interface DomainGlossaryTermsTable {
  id: Generated<number>;
  /** One of the domains (a check constraint). */
  domain: Domain;
  source_lang: 'en' | 'ar';
  target_lang: 'en' | 'ar';
  source_term: string;
  target_term: string;
  source_norm: string;
  note: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeamGlossaryTermsTable {
  id: Generated<number>;
  owner_key: string;
  owner_user_id: number | null;
  team_id: number | null;
  /** 'general' (every domain) or one domain; migration 0130. */
  domain: Generated<Domain>;
  source_lang: 'en' | 'ar';
  target_lang: 'en' | 'ar';
  source_term: string;
  target_term: string;
  source_norm: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Tables of the glossary module (migrations 0024, 0026, 0130). */
export interface GlossaryTables {
  domain_glossary_terms: DomainGlossaryTermsTable;
  team_glossary_terms: TeamGlossaryTermsTable;
}

export type DomainGlossaryTermRow = Selectable<DomainGlossaryTermsTable>;
export type TeamGlossaryTermRow = Selectable<TeamGlossaryTermsTable>;
