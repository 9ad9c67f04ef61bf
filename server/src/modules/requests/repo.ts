import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { RequestStatus, ServiceRequestsTable } from '../../db/tables/requests';
import type { Insertable } from 'kysely';

export const PAGE_SIZE = 20;

export function createRequestsRepo(db: Kysely<DB>) {
  const requestColumns = [
    'id', 'service', 'source_lang', 'target_lang', 'words', 'seats', 'name', 'email', 'phone', 'company', 'message',
    'file_name', 'file_path', 'file_type', 'file_size', 'locale', 'user_id', 'status', 'created_at', 'updated_at',
  ] as const;

  return {
    createRequest(values: Insertable<ServiceRequestsTable>) {
      return db.insertInto('service_requests').values(values).returning(['id', 'created_at']).executeTakeFirstOrThrow();
    },
    findRequest(id: number) {
      return db
        .selectFrom('service_requests')
        .select(requestColumns)
        .select(sql<string | null>`deadline::text`.as('deadline'))
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async listRequests(filter: { status?: RequestStatus; page: number }) {
      let base = db.selectFrom('service_requests');
      if (filter.status) base = base.where('status', '=', filter.status);
      const [rows, count] = await Promise.all([
        base
          .select(requestColumns)
          .select(sql<string | null>`deadline::text`.as('deadline'))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(PAGE_SIZE)
          .offset((filter.page - 1) * PAGE_SIZE)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },
    async countByStatus() {
      const rows = await db.selectFrom('service_requests').select(['status', (eb) => eb.fn.countAll<number>().as('total')]).groupBy('status').execute();
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.total)])) as Partial<Record<RequestStatus, number>>;
    },
    setStatus(id: number, status: RequestStatus, now: Date) {
      return db.updateTable('service_requests').set({ status, updated_at: now }).where('id', '=', id).returning('id').executeTakeFirst();
    },

    createContactMessage(values: { name: string; email: string; subject: string; message: string; locale: 'en' | 'ar'; user_id: number | null; created_at: Date }) {
      return db.insertInto('contact_messages').values(values).returning(['id']).executeTakeFirstOrThrow();
    },
    async listContactMessages(page: number) {
      const [rows, count] = await Promise.all([
        db.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE).execute(),
        db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },
    setContactHandled(id: number, handledAt: Date | null) {
      return db.updateTable('contact_messages').set({ handled_at: handledAt }).where('id', '=', id).returning('id').executeTakeFirst();
    },
  };
}

export type RequestsRepo = ReturnType<typeof createRequestsRepo>;
