import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A date without time (YYYY-MM-DD); read as a string so no time zone shifts it. */
type DateOnly = ColumnType<string, string, string>;

export type ServiceType = 'translation' | 'proofreading' | 'editing' | 'quotation';
export type RequestStatus = 'new' | 'quoted' | 'accepted' | 'done';

export interface ServiceRequestsTable {
  id: Generated<number>;
  service: ServiceType;
  source_lang: string | null;
  target_lang: string | null;
  words: number | null;
  seats: number | null;
  deadline: DateOnly | null;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: Generated<string>;
  file_name: string | null;
  file_path: string | null;
  file_type: string | null;
  file_size: number | null;
  locale: 'en' | 'ar';
  user_id: number | null;
  status: Generated<RequestStatus>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: Generated<string>;
  message: string;
  locale: 'en' | 'ar';
  user_id: number | null;
  handled_at: Date | null;
  created_at: CreatedAt;
}

/** Tables of the requests module (migrations 0051, 0052). */
export interface RequestsTables {
  service_requests: ServiceRequestsTable;
  contact_messages: ContactMessagesTable;
}

export type ServiceRequestRow = Selectable<ServiceRequestsTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
