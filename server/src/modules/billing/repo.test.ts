import type { Insertable } from 'kysely';
import { describe, expectTypeOf, it } from 'vitest';
import type { InvoicesTable } from '../../db/tables/billing';
import type { BillingRepo } from './repo';

// A type test: the type check (tsc) fails when the invoice's insert shape drifts from its table.
describe('the billing repo’s invoice insert', () => {
  it('takes the invoices table’s own insert shape, not a hand-written copy of it', () => {
    expectTypeOf<Parameters<BillingRepo['insertInvoice']>[0]>().toEqualTypeOf<Insertable<InvoicesTable>>();
  });
});
