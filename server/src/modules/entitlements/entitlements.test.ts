import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanRow } from '../../db/schema';
import { ROLE } from '../../http/access';
import { createPlan, createTeam, createUser, signedIn } from '../../../test/documents-helpers';
import { deadlocksFound } from '../../../test/database';
import { createUser as createFactoryUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createUsageLedger, periodStart } from './ledger';
import { limitsOf, type Entitlements } from './service';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ startQueue: true }); // removing a member queues their e-mail (pg-boss)
});
afterAll(async () => {
  await t.close();
});

/** Every feature and limit, flattened: what each case is compared on. */
function summary(e: Entitlements) {
  return {
    plan: e.plan?.slug ?? null,
    payer: e.payer.kind,
    onTrial: e.trial.onTrial,
    trialExpired: e.trial.expired,
    llm: e.features.llm,
    api: e.features.api,
    teams: e.features.teams,
    webExtraction: e.features.webExtraction,
    formats: e.features.formats,
    ...e.limits,
    quota: e.quotaSubjects.map((s) => (s.startsWith('guest-token:') ? 'guest-token:HASH' : s.replace(/\d+/g, 'N'))),
    member: e.memberSubject ? 'user:N' : null,
  };
}

describe('entitlementsFor: one table over every kind of actor, for every feature and limit', () => {
  let trial: PlanRow;
  let paid: PlanRow;
  let teamPlan: PlanRow;
  let granted: PlanRow;

  const planLimits = limitsOf;

  beforeAll(async () => {
    trial = await t.container.plans.getBySlug('free-trial');
    paid = await createPlan(t, { llm_enabled: true, api_enabled: true, web_pages: 40, monthly_api_characters: 1_000_000, file_formats: ['docx', 'pdf'] });
    teamPlan = await createPlan(t, { is_team: true, llm_enabled: true, daily_text_requests: 500, web_pages: 0 });
    granted = await createPlan(t, { llm_enabled: false, monthly_doc_requests: 77 });
  });

  const guestLimits = async () => {
    const g = await t.container.settings.guestLimits();
    return { charLimit: g.wordsCount, textRequestsPerDay: g.textQuota, documentsPerMonth: g.docQuota, docWords: g.docWordsCount, maxFileMb: g.fileSizeMb, webPagesPerMonth: 0, apiCharactersPerMonth: 0 };
  };

  it.each([
    'guest',
    'trial',
    'expired trial',
    'paid',
    'team member (the owner pays)',
    'team member whose owner’s trial ended',
    'removed member (on their own again)',
    'admin grant',
  ])('%s', async (name) => {
    const e = t.container.entitlements;
    switch (name) {
      case 'guest': {
        const got = summary(await e.entitlementsFor({ guest: { token: 'guest-token-1234', ip: '203.0.113.7' } }));
        const g = await t.container.settings.guestLimits();
        expect(got).toEqual({
          plan: null, payer: 'guest', onTrial: false, trialExpired: false, llm: false, api: false, teams: false, webExtraction: false,
          formats: g.allowedFormats.map((f) => f.toLowerCase()), ...(await guestLimits()),
          quota: ['guest-token:HASH', 'guest-ip:N.N.N.N'], member: null,
        });
        return;
      }
      case 'trial':
      case 'expired trial': {
        const user = await createUser(t, { planId: trial.id, trialEndsAt: new Date(Date.now() + (name === 'trial' ? 3 : -1) * DAY) });
        const got = await e.entitlementsFor({ user });
        expect(summary(got)).toEqual({
          plan: 'free-trial', payer: 'self', onTrial: true, trialExpired: name !== 'trial', llm: trial.llm_enabled, api: true, teams: false, webExtraction: trial.web_pages > 0,
          formats: trial.file_formats, ...planLimits(trial), quota: ['user:N'], member: null,
        });
        expect(got.trial.remainingDays).toBe(name === 'trial' ? 3 : 0);
        return;
      }
      case 'paid': {
        const user = await createUser(t, { planId: paid.id });
        expect(summary(await e.entitlementsFor({ user }))).toEqual({
          plan: paid.slug, payer: 'self', onTrial: false, trialExpired: false, llm: true, api: true, teams: false, webExtraction: true,
          formats: ['docx', 'pdf'], ...planLimits(paid), quota: ['user:N'], member: null,
        });
        return;
      }
      case 'team member (the owner pays)':
      case 'team member whose owner’s trial ended': {
        const ended = name !== 'team member (the owner pays)';
        const owner = await createUser(t, ended ? { planId: trial.id, trialEndsAt: new Date(Date.now() - DAY) } : { planId: teamPlan.id });
        // The member's own (unexpired) trial does not count: the owner's plan and trial do.
        const member = await createUser(t, { trialEndsAt: new Date(Date.now() + 5 * DAY) });
        const team = await createTeam(t, owner, [{ user: member, role: 5 }], { llmEnabled: false });
        const got = await e.entitlementsFor({ user: (await t.container.users.findById(member.id))! });
        const plan = ended ? trial : teamPlan;
        expect(summary(got)).toEqual({
          plan: plan.slug, payer: 'team_owner', onTrial: ended, trialExpired: ended, llm: false, api: plan.api_enabled, teams: plan.is_team, webExtraction: plan.web_pages > 0,
          formats: plan.file_formats, ...planLimits(plan), quota: ['team:N'], member: 'user:N',
        });
        expect(got.quotaSubjects).toEqual([`team:${team.id}`]);
        expect(got.features.llmDisabledByTeam).toBe(plan.llm_enabled);
        return;
      }
      case 'removed member (on their own again)': {
        const owner = await createUser(t, { planId: teamPlan.id });
        const member = await createUser(t, { planId: trial.id, trialEndsAt: new Date(Date.now() + 2 * DAY) });
        const team = await createTeam(t, owner, [{ user: member, role: 5 }]);
        const ownerRow = (await t.container.users.findById(owner.id))!;
        await t.container.teams.removeMember({ user: ownerRow } as never, member.id);
        const row = (await t.container.users.findById(member.id))!;
        expect(row.role_id).toBe(ROLE.user);
        const got = await e.entitlementsFor({ user: row });
        expect(got.team).toBeNull();
        expect(got.quotaSubjects).toEqual([`user:${member.id}`]);
        expect(summary(got)).toMatchObject({ payer: 'self', member: null, teams: false, ...planLimits((await t.container.plans.getById(row.plan_id!))!) });
        expect(team.id).toBeGreaterThan(0);
        return;
      }
      case 'admin grant': {
        const user = await createUser(t, { planId: trial.id, trialEndsAt: new Date(Date.now() - DAY) });
        await t.container.billing.grantPlan(user, { plan: granted });
        const got = await e.entitlementsFor({ user: (await t.container.users.findById(user.id))! });
        expect(summary(got)).toEqual({
          plan: granted.slug, payer: 'self', onTrial: false, trialExpired: false, llm: false, api: false, teams: false, webExtraction: true,
          formats: granted.file_formats, ...planLimits(granted), quota: ['user:N'], member: null,
        });
        return;
      }
    }
    throw new Error(`no case ${name}`);
  });
});

describe('every screen shows the plan and trial the entitlements decide', () => {
  it('a member whose owner’s trial ended: the profile, the subscription screen and the admin users list agree (not the member’s own trial)', async () => {
    const trial = await t.container.plans.getBySlug('free-trial');
    const owner = await createUser(t, { planId: trial.id, trialEndsAt: new Date(Date.now() - DAY) });
    const member = await createUser(t, { planId: trial.id, trialEndsAt: new Date(Date.now() + 5 * DAY) });
    await createTeam(t, owner, [{ user: member, role: 5 }]);
    const client = await signedIn(t, member);
    expect((await client.get('/api/user')).json()).toMatchObject({ trial_expired: true, trial_remaining_days: 0 });
    const subscription = (await client.get('/api/user/subscription')).json().data.data;
    expect(subscription).toMatchObject({ status: 'trial_expired', plan: { slug: 'free-trial' }, trial: { expired: true, remaining_days: 0 } });
    const root = await createFactoryUser(t.container, { role_id: ROLE.admin });
    const admin = await signedIn(t, root);
    const listed = (await admin.get(`/api/admin/users?q=${encodeURIComponent(member.email)}`)).json().data as Array<{ id: number; plan: { slug: string }; trial_remaining_days: number | null }>;
    expect(listed.find((row) => row.id === member.id)).toMatchObject({ plan: { slug: 'free-trial' }, trial_remaining_days: 0 });
  });

});

describe('upgradeRaises: whether buying another plan would raise a limit', () => {
  // The websites screen offered "See plans and pricing" to everyone, also where no plan gives more.
  it('yes on a plan that gives less than another on sale; no on the one that gives the most, for a team’s member or for a guest', async () => {
    await t.container.plans.invalidate();
    const onSale = (await t.container.plans.listActive()).filter((plan) => !plan.is_trial);
    const most = Math.max(...onSale.map((plan) => plan.web_pages));
    const largest = onSale.find((plan) => plan.web_pages === most)!;
    const trial = await t.container.plans.getBySlug('free-trial');
    expect(trial.web_pages).toBeLessThan(most);
    const e = t.container.entitlements;
    const raises = async (id: number) => e.upgradeRaises(await e.entitlementsFor({ user: (await t.container.users.findById(id))! }), 'webPagesPerMonth');

    expect(await raises((await createUser(t, { planId: trial.id, trialEndsAt: new Date(Date.now() + 3 * DAY) })).id)).toBe(true);
    expect(await raises((await createUser(t, { planId: largest.id })).id)).toBe(false);
    // A team on the owner's trial: the owner can buy more pages; a member or manager works under the owner's plan and cannot.
    const owner = await createUser(t, { planId: trial.id, trialEndsAt: new Date(Date.now() + 3 * DAY) });
    const member = await createUser(t);
    const manager = await createUser(t);
    await createTeam(t, owner, [{ user: member, role: 5 }, { user: manager, role: 4 }]);
    expect(await raises(owner.id)).toBe(true);
    expect(await raises(member.id)).toBe(false);
    expect(await raises(manager.id)).toBe(false);
    expect(await e.upgradeRaises(await e.entitlementsFor({ guest: { token: 'guest-token-upgrade', ip: '203.0.113.9' } }), 'webPagesPerMonth')).toBe(false);
  });
});

describe('the usage ledger', () => {
  it('100 parallel requests against a limit of 50 give exactly 50 successes, and the count is 50', async () => {
    const subject = `user:ledger-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 100 }, () => t.container.ledger.consume({ metric: 'api_characters', amount: 1, subjects: [{ subject, limit: 50 }] })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(50);
    expect(await t.container.ledger.count(subject, 'api_characters')).toBe(50);
  });

  it('counts on several subjects at once or on none (a guest by token and by IP; a member and the team)', async () => {
    const stamp = Date.now();
    const token = { subject: `guest-token:a${stamp}`, limit: 30 };
    const ip = { subject: `guest-ip:b${stamp}`, limit: 30 };
    const first = await Promise.all(Array.from({ length: 40 }, () => t.container.ledger.consume({ metric: 'text_requests', subjects: [token, ip] })));
    expect(first.filter((r) => r.allowed)).toHaveLength(30);
    // A new token on the same IP is still refused: nothing was counted on the new token.
    const other = { subject: `guest-token:c${stamp}`, limit: 30 };
    expect((await t.container.ledger.consume({ metric: 'text_requests', subjects: [other, ip] })).allowed).toBe(false);
    expect(await t.container.ledger.count(other.subject, 'text_requests')).toBe(0);
    expect(await t.container.ledger.count(ip.subject, 'text_requests')).toBe(30);
    // A unit given back is counted again.
    await first.find((r) => r.allowed)!.release();
    expect(await t.container.ledger.count(token.subject, 'text_requests')).toBe(29);
  });

  it('reads several subjects and metrics in one statement, each metric in its own period', async () => {
    const stamp = Date.now();
    const [a, b, unused] = [`user:counts-a${stamp}`, `user:counts-b${stamp}`, `user:counts-c${stamp}`];
    const now = new Date();
    const take = (subject: string, metric: 'text_requests' | 'documents' | 'api_characters', amount: number, at = now) =>
      t.container.ledger.consume({ metric, amount, subjects: [{ subject, limit: null }], at });
    await take(a, 'text_requests', 3);
    await take(a, 'documents', 2);
    await take(b, 'api_characters', 700);
    // Yesterday's texts are another day's counter; last month's documents another month's.
    await take(b, 'text_requests', 5, new Date(now.getTime() - 24 * 3600_000));
    await take(b, 'documents', 4, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)));
    const usage = await t.container.ledger.counts([a, b, unused], ['text_requests', 'documents', 'api_characters'], now);
    expect([a, b, unused].map((subject) => [usage.get(subject, 'text_requests'), usage.get(subject, 'documents'), usage.get(subject, 'api_characters')])).toEqual([
      [3, 2, 0],
      [0, 0, 700],
      [0, 0, 0],
    ]);
    expect(usage.get(a, 'web_pages')).toBe(0);
    const none = await t.container.ledger.counts([], ['documents']);
    expect(none.get(a, 'documents')).toBe(0);
  });

  it('two ledgers on one database (two processes) with mixed subjects and limits: every decision agrees with the counts', async () => {
    // A second ledger on the same database stands for another process: its batches and ours interleave.
    const other = createUsageLedger({ db: t.container.database.db, now: () => new Date(), batchConcurrency: 4 });
    const stamp = Date.now();
    const ip = { subject: `guest-ip:mixed-${stamp}`, limit: 50 };
    const tokens = Array.from({ length: 10 }, (_, i) => ({ subject: `guest-token:mixed-${stamp}-${i}`, limit: 6 }));
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) => (i % 2 ? other : t.container.ledger).consume({ metric: 'text_requests', subjects: [tokens[i % 10]!, ip] }).then((r) => ({ ...r, token: i % 10 }))),
    );
    const allowed = results.filter((r) => r.allowed);
    // Ten tokens of six each could take 60, the IP stops them at 50.
    expect(allowed).toHaveLength(50);
    expect(await t.container.ledger.count(ip.subject, 'text_requests')).toBe(50);
    for (let i = 0; i < 10; i++) {
      const taken = allowed.filter((r) => r.token === i).length;
      expect(taken).toBeLessThanOrEqual(6);
      expect(await other.count(tokens[i]!.subject, 'text_requests')).toBe(taken);
    }
    // Each answer reports the first limited subject's count after it: never past the limit.
    for (const result of allowed) expect(result.used).toBeLessThanOrEqual(6);
  });

  it('a batch over many counters (subjects, metrics, periods, some new, some not) decides each request as one upsert each would, in arrival order', async () => {
    const ledger = createUsageLedger({ db: t.container.database.db, now: () => new Date(), batchConcurrency: 1 });
    const stamp = Date.now();
    const subjects = Array.from({ length: 24 }, (_, i) => `user:many-${stamp}-${String(i).padStart(2, '0')}`);
    const metrics = ['text_requests', 'documents'] as const;
    const dates = [new Date(Date.UTC(2030, 0, 15)), new Date(Date.UTC(2030, 1, 15))];
    // Half the counters exist before the batch.
    for (const [i, subject] of subjects.entries()) if (i % 2) await ledger.consume({ metric: 'documents', amount: 2, subjects: [{ subject, limit: null }], at: dates[0] });
    const requests = Array.from({ length: 150 }, (_, i) => ({
      metric: metrics[i % 2]!,
      amount: 1 + (i % 3),
      at: dates[(i >> 1) % 2]!,
      // In no particular order: the ledger sorts them.
      subjects: [
        { subject: subjects[(i * 7) % 24]!, limit: 5 },
        { subject: subjects[(i * 5 + 3) % 24]!, limit: i % 4 ? 9 : null },
      ],
    }));
    // What one conditional upsert per request, in this order, would decide.
    const model = new Map<string, number>();
    const key = (subject: string, metric: string, at: Date) => `${subject}|${periodStart(at, metric as 'documents')}|${metric}`;
    for (const [i, subject] of subjects.entries()) if (i % 2) model.set(key(subject, 'documents', dates[0]!), 2);
    const expected = requests.map((r) => {
      const unique = [...new Map(r.subjects.map((s) => [s.subject, s])).values()];
      const allowed = unique.every((s) => s.limit === null || (model.get(key(s.subject, r.metric, r.at)) ?? 0) + r.amount <= s.limit);
      if (allowed) for (const s of unique) model.set(key(s.subject, r.metric, r.at), (model.get(key(s.subject, r.metric, r.at)) ?? 0) + r.amount);
      return { allowed, used: model.get(key(r.subjects[0]!.subject, r.metric, r.at)) ?? 0 };
    });
    expect(expected.filter((e) => e.allowed).length).toBeGreaterThan(20);
    expect(expected.filter((e) => !e.allowed).length).toBeGreaterThan(20);
    const results = await Promise.all(requests.map((r) => ledger.consume(r)));
    expect(results.map((r) => ({ allowed: r.allowed, used: r.used }))).toEqual(expected);
    for (const subject of subjects) for (const metric of metrics) for (const at of dates) expect(await ledger.count(subject, metric, at)).toBe(model.get(key(subject, metric, at)) ?? 0);
  });

  it('batches in flight at once (two processes) lock their counters in one order: no deadlock (PostgreSQL)', async () => {
    const { database } = t.container;
    const before = await deadlocksFound(database);
    const ledgers = [createUsageLedger({ db: database.db, now: () => new Date(), batchConcurrency: 4 }), createUsageLedger({ db: database.db, now: () => new Date(), batchConcurrency: 4 })];
    const subjects = Array.from({ length: 16 }, (_, i) => `team:order-${Date.now()}-${i}`);
    const pending: Array<Promise<unknown>> = [];
    for (let wave = 0; wave < 12; wave++) {
      // Each wave is a batch of its own, started while the earlier ones are in flight, over the same counters in other orders.
      for (let i = 0; i < 24; i++) pending.push(ledgers[wave % 2]!.consume({ metric: 'documents', subjects: [{ subject: subjects[(i * (wave + 1)) % 16]!, limit: null }, { subject: subjects[(15 * i + wave) % 16]!, limit: null }] }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(pending);
    const total = (await Promise.all(subjects.map((subject) => ledgers[0]!.count(subject, 'documents')))).reduce((sum, n) => sum + n, 0);
    expect(total).toBeGreaterThan(12 * 24);
    expect(await deadlocksFound(database, { settle: true })).toBe(before);
  });

  it('amounts larger than one (API characters) stop at the limit exactly', async () => {
    const subject = `team:chars-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => t.container.ledger.consume({ metric: 'api_characters', amount: 7, subjects: [{ subject, limit: 100 }] })));
    expect(results.filter((r) => r.allowed)).toHaveLength(14);
    expect(await t.container.ledger.count(subject, 'api_characters')).toBe(98);
    expect((await t.container.ledger.consume({ metric: 'api_characters', amount: 2, subjects: [{ subject, limit: 100 }] })).used).toBe(100);
  });
});
