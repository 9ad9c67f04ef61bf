import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp, type TestClient } from '../../../test/harness';
import { createTrialUser, queuedMails, signIn, signInRoute } from '../../../test/billing-fixtures';
import { renderMail } from '../../mail/mailer';
import { SANDBOX_CARDS } from '../../payments/sandbox';

// Issue 17 item 4: a fresh production install must not sell plans through the sandbox.

const card = { card_name: 'Layla Ahmad', card_number: SANDBOX_CARDS.success, expiry: '12/30', cvv: '123' };

describe('the sandbox default', () => {
  it('is on in development and tests, off in production (NODE_ENV or an https APP_URL) unless PAYMENTS_SANDBOX=true', () => {
    expect(testConfig().billing.sandbox).toBe(true);
    expect(testConfig({ NODE_ENV: 'development' }).billing.sandbox).toBe(true);
    expect(testConfig({ NODE_ENV: 'production' }).billing.sandbox).toBe(false);
    expect(testConfig({ NODE_ENV: 'development', APP_URL: 'https://lisan.example' }).billing.sandbox).toBe(false);
    expect(testConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).billing.sandbox).toBe(true);
    expect(testConfig({ NODE_ENV: 'development', PAYMENTS_SANDBOX: 'false' }).billing.sandbox).toBe(false);
  });
});

describe('production without a gateway', () => {
  let t: TestApp;
  let client: TestClient;
  let admin: TestClient;
  let hobbyist: number;

  beforeAll(async () => {
    t = await createTestApp({ role: 'api', startQueue: true, env: { NODE_ENV: 'production' }, extend: signInRoute });
    hobbyist = (await t.container.plans.getBySlug('hobbyist')).id;
    await createTrialUser(t, { email: 'prod-buyer@example.com' });
    await createTrialUser(t, { email: 'prod-admin@example.com', roleId: 1 });
    client = await signIn(t, 'prod-buyer@example.com');
    admin = await signIn(t, 'prod-admin@example.com');
  });
  afterAll(() => t.close());

  it('answers subscribing with "payments are not set up yet", in English and Arabic, and sells nothing', async () => {
    const english = await client.post('/api/user/subscribe', { plan_id: hobbyist, frequency: 'monthly' });
    expect(english.statusCode).toBe(503);
    expect(english.json()).toMatchObject({ message: 'Payments are not set up yet. Please try again later or contact us.' });
    client.locale = 'ar';
    const arabic = await client.post('/api/user/subscribe', { plan_id: hobbyist, frequency: 'monthly' });
    expect(arabic.statusCode).toBe(503);
    expect(arabic.json().message).toBe('لم يتم إعداد المدفوعات بعد. يُرجى المحاولة لاحقًا أو التواصل معنا.');
    client.locale = null;
    const invoices = await t.container.database.db.selectFrom('invoices').select('id').execute();
    expect(invoices).toHaveLength(0);
    expect((await client.get('/api/user/subscription')).json().data.data).toMatchObject({ gateway: null, payments: 'off' });
  });

  it("closes the sandbox's own checkout, and does not offer the sandbox to admins", async () => {
    const pay = await client.post('/api/sandbox/checkout/sbx_cs_anything/pay', card);
    expect(pay.statusCode).toBe(503);
    const settings = (await admin.get('/api/admin/site-settings')).json();
    expect(settings.payment_gateways).not.toContain('sandbox');
    expect(settings.payments).toBe('off');
    const chosen = await admin.post('/api/admin/update-site-settings', { payment_gateway: 'sandbox' });
    expect(chosen.statusCode).toBe(422);
  });

  it("tells admins (the banner's source)", async () => {
    const status = (await admin.get('/api/admin/payments')).json().data;
    expect(status.mode).toBe('off');
    expect((await client.get('/api/admin/payments')).statusCode).toBe(403);
  });
});

describe('with the sandbox on', () => {
  let t: TestApp;
  let client: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ role: 'api', startQueue: true, env: { NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }, extend: signInRoute });
    await createTrialUser(t, { email: 'sbx-buyer@example.com' });
    await createTrialUser(t, { email: 'sbx-admin@example.com', roleId: 1 });
    client = await signIn(t, 'sbx-buyer@example.com');
    admin = await signIn(t, 'sbx-admin@example.com');
  });
  afterAll(() => t.close());

  it('says so on the membership screen, the paid e-mail and the invoice (TEST), and keeps sandbox money out of revenue', async () => {
    expect((await client.get('/api/user/subscription')).json().data.data.payments).toBe('sandbox');
    const hobbyist = (await t.container.plans.getBySlug('hobbyist')).id;
    const subscribe = await client.post('/api/user/subscribe', { plan_id: hobbyist, frequency: 'monthly' });
    expect(subscribe.statusCode, subscribe.body).toBe(200);
    const sessionId = subscribe.json().checkout_url.split('/').pop();
    expect((await client.post(`/api/sandbox/checkout/${sessionId}/pay`, card)).statusCode).toBe(200);
    expect((await client.post('/api/checkout-auth', { session_id: sessionId })).json().status).toBe('paid');

    const [job] = await queuedMails(t, { to: 'sbx-buyer@example.com', kind: 'invoice_paid' });
    expect(renderMail(job).text).toContain('No money was charged.');
    expect(renderMail({ ...job, locale: 'ar' }).text).toContain('وضع الاختبار');

    const invoice = (await client.get('/api/user/invoices')).json().data[0];
    const pdf = await client.get(`/api/user/invoices/${invoice.id}/download`);
    expect(pdf.statusCode).toBe(200);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-test-pdf-'));
    try {
      await fs.writeFile(path.join(dir, 'invoice.pdf'), pdf.rawPayload);
      const text = execFileSync('pdftotext', [path.join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('TEST INVOICE: paid in the payment sandbox with a test card. No money was charged.');
      // The watermark, drawn at an angle, comes out one letter a line.
      expect(text.replace(/\s+/g, '')).toContain('TSET');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }

    // A real payment (Stripe) beside it: revenue counts only the real one.
    const real = await t.container.database.db.selectFrom('invoices').selectAll().where('id', '=', invoice.id).executeTakeFirstOrThrow();
    const { id: _id, number: _number, ...rest } = real;
    await t.container.database.db
      .insertInto('invoices')
      .values({ ...rest, number: 'INV-REAL01', amount: '19.00', gateway: 'stripe', lines: JSON.stringify(real.lines), customer: JSON.stringify(real.customer), seller: JSON.stringify(real.seller) } as never)
      .execute();
    const status = (await admin.get('/api/admin/payments')).json().data;
    expect(status.mode).toBe('sandbox');
    expect(status.revenue.live).toEqual([{ currency: 'USD', amount: 19, invoices: 1 }]);
    expect(status.revenue.sandbox).toEqual([{ currency: 'USD', amount: Number(real.amount), invoices: 1 }]);
  });
});
