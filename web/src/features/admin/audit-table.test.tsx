import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../components/render-markup.test-support';
import { AuditTable } from './audit-table';
import type { AuditEntry } from './use-admin';

const entry = (action: string, target_type: string, target_id: string | null): AuditEntry => ({
  id: Math.floor(Math.random() * 1_000_000),
  actor_id: 1,
  actor_email: 'admin@example.com',
  action,
  target_type,
  target_id,
  before: null,
  after: null,
  ip: null,
  created_at: '2026-11-30T09:34:00Z',
});

const entries = [entry('user.plan.update', 'user', '12'), entry('site_settings.update', 'site_settings', null), entry('plan.update', 'plan', '3')];

/** The Target column's cells, as written. */
const targets = (html: string) => [...html.matchAll(/<td data-label="[^"]+"><bdi>([^<]*)<\/bdi><\/td>/g)].map((match) => match[1]);

describe('AuditTable', () => {
  it('names what an entry was about in Arabic, not by the stored type ("user #12")', async () => {
    const html = await renderMarkup('ar', 'admin', <AuditTable entries={entries} />);
    expect(targets(html)).toEqual(['المستخدم #12', 'إعدادات الموقع', 'الباقة #3']);
    expect(html).not.toContain('user #12');
  });

  it('and in English, a type it does not know as stored', async () => {
    const html = await renderMarkup('en', 'admin', <AuditTable entries={[...entries, entry('glossary.update', 'glossary', '7')]} />);
    expect(targets(html)).toEqual(['User #12', 'Site settings', 'Plan #3', 'glossary #7']);
  });
});
