// Helpers shared by the account tests (auth, users, social login). Not a test file itself.
import { randomBytes } from 'node:crypto';
import { createUser as createUserRow } from '../../../test/factories';
import type { TestApp, TestClient } from '../../../test/harness';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A clock the tests move forward (rate-limit windows, link and token expiry, trials). */
export function testClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

export function sentMails(t: TestApp): SentMail[] {
  return (t.container.transport as unknown as { sent: SentMail[] }).sent;
}

/** Waits for the queued `mail-send` job to deliver a mail to `to` matching the subject. */
export async function waitForMail(t: TestApp, to: string, subject: RegExp | string, timeoutMs = 10_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  const matches = (mail: SentMail) => mail.to === to && (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));
  for (;;) {
    const mail = sentMails(t).find(matches);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${String(subject)}" to ${to}; sent: ${sentMails(t).map((m) => `${m.to}: ${m.subject}`).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link of a mail's text that starts with the given path (after the app URL). */
export function linkIn(mail: SentMail, pathStart: string): string {
  const url = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => new URL(candidate).pathname.startsWith(pathStart));
  if (!url) throw new Error(`no ${pathStart} link in: ${mail.text}`);
  return url;
}

/** A unique address per call, so tests in one file do not collide. */
export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(4).toString('hex')}@example.com`;

/** A user through the shared factory: verified, on the free trial, password "password123" unless told. */
export function createUser(
  t: TestApp,
  values: { email?: string; name?: string; verified?: boolean; password?: string | null; roleId?: number; locale?: 'en' | 'ar' } = {},
) {
  return createUserRow(t.container, {
    email: values.email ?? uniqueEmail(),
    ...(values.name ? { name: values.name } : {}),
    ...(values.verified === false ? { email_verified_at: null } : {}),
    ...(values.password === null ? { password_hash: null } : values.password ? { password: values.password } : {}),
    ...(values.roleId ? { role_id: values.roleId } : {}),
    ...(values.locale ? { locale: values.locale } : {}),
  });
}

/** A client signed in through POST /mt/login (password "password123" unless given). */
export async function signIn(t: TestApp, email: string, password = 'password123', remoteAddress?: string): Promise<TestClient> {
  const client = t.client();
  const response = await client.request({ method: 'POST', url: '/mt/login', payload: { email, password }, remoteAddress });
  if (response.statusCode !== 204) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return client;
}

/**
 * A user made for the test and a client signed in as them from `remoteAddress` (a fresh one per
 * call keeps the sign-in rate limit out of the way). An account without a password (a social
 * sign-up) gets its session through the test-only route.
 */
export async function signedInUser(t: TestApp, values: Parameters<typeof createUser>[1] = {}, remoteAddress?: string) {
  const user = await createUser(t, values);
  const client = values.password === null ? await t.client().signInAs(user.id) : await signIn(t, user.email, values.password ?? 'password123', remoteAddress);
  return { user, client };
}

/** Signs the client up through POST /mt/register (password "password123"); on 201 it is signed in, unverified. */
export function signUp(client: TestClient, input: { email: string; name?: string; remoteAddress?: string }) {
  return client.request({
    method: 'POST',
    url: '/mt/register',
    payload: { name: input.name ?? 'Huda Salem', email: input.email, password: 'password123', password_confirmation: 'password123' },
    remoteAddress: input.remoteAddress,
  });
}

/** A multipart/form-data body for app.inject. */
export function multipartBody(fields: Record<string, string>, files: Record<string, { name: string; type: string; content: Buffer }> = {}) {
  const boundary = `----lisan${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
