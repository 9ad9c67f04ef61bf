import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface RevenueFigures {
  /** Paid invoices of real gateways (Stripe, HyperPay), per currency. */
  live: Array<{ currency: string; amount: number; invoices: number }>;
  /** Paid invoices of the sandbox gateway (test cards): never counted as revenue. */
  sandbox: Array<{ currency: string; amount: number; invoices: number }>;
}

/**
 * Revenue for the admin console: paid invoices since `from`, real money apart from sandbox
 * (test) payments, which are shown on their own and never added to the real figures. Admin
 * grants (gateway `admin`) and unpaid invoices are not revenue.
 */
export async function revenueFigures(db: Kysely<DB>, from: Date): Promise<RevenueFigures> {
  const rows = await db
    .selectFrom('invoices')
    .select(['currency', sql<boolean>`gateway = 'sandbox'`.as('sandbox'), sql<string>`coalesce(sum(amount), 0)`.as('amount'), sql<string>`count(*)`.as('invoices')])
    .where('status', '=', 'paid')
    .where('paid_at', '>=', from)
    .where('gateway', 'is not', null)
    .where('gateway', '!=', 'admin')
    .groupBy(['currency', sql`gateway = 'sandbox'`])
    .orderBy('currency')
    .execute();
  const figures: RevenueFigures = { live: [], sandbox: [] };
  for (const row of rows) {
    (row.sandbox ? figures.sandbox : figures.live).push({ currency: row.currency, amount: Math.round(Number(row.amount) * 100) / 100, invoices: Number(row.invoices) });
  }
  return figures;
}
