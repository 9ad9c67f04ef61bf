import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { renderMarkdown, splitLeadingHeading } from './markdown.fns';

const ids: Record<string, number> = {};
let t: TestApp;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ids['editor@example.com'] = (await createUser(t.container, { email: 'editor@example.com', role_id: 1 })).id;
  ids['reader@example.com'] = (await createUser(t.container, { email: 'reader@example.com' })).id;
  admin = await t.client().signInAs(ids['editor@example.com']!);
  user = await t.client().signInAs(ids['reader@example.com']!);
});
afterAll(() => t.close());

const post = {
  section: 'blog',
  slug: 'arabic-typography',
  title_en: 'Arabic typography on the web',
  title_ar: 'الخط العربي على الويب',
  summary_en: 'Why fonts matter.',
  summary_ar: 'لماذا تهم الخطوط.',
  body_en: '## Fonts\n\nUse **IBM Plex Sans Arabic**.',
  body_ar: '## الخطوط\n\nاستخدم **IBM Plex Sans Arabic**.',
  published: false,
};

describe('Markdown rendering', () => {
  it('strips script tags, event handlers, iframes and javascript: links', () => {
    const html = renderMarkdown(
      '# Title\n\n<script>alert("x")</script>\n\n<img src="https://example.com/a.png" onerror="alert(1)">\n\n<iframe src="https://evil.test"></iframe>\n\n[click](javascript:alert(1)) <a href="/about" onclick="steal()">about</a>\n\n<p style="color:red">styled</p>',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).not.toMatch(/<script|alert\("x"\)|onerror|onclick|<iframe|javascript:|style=/i);
    expect(html).toContain('<img src="https://example.com/a.png"');
    expect(html).toContain('<a href="/about">about</a>');
  });

  it('renders tables and lists, and opens other sites in a new tab without a referrer', () => {
    const html = renderMarkdown('- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[site](https://lisan.example)');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<td>2</td>');
    expect(html).toContain('<a href="https://lisan.example" target="_blank" rel="noopener noreferrer nofollow">site</a>');
  });

  it('splits a leading "# Title" off the text', () => {
    expect(splitLeadingHeading('# Terms and conditions\n\nBody')).toEqual({ title: 'Terms and conditions', body: 'Body' });
    expect(splitLeadingHeading('No title here')).toEqual({ title: null, body: 'No title here' });
  });
});

describe('public pages', () => {
  it('serves the seeded fixed pages in both languages as sanitized HTML', async () => {
    for (const slug of ['about', 'careers', 'contact', 'faqs', 'help']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/content/pages/${slug}` });
      expect(response.statusCode, slug).toBe(200);
      const data = response.json().data;
      expect(data.slug).toBe(slug);
      expect(data.title_en).not.toBe('');
      expect(data.title_ar).toMatch(/[\u0600-\u06FF]/);
      expect(data.html_en).toMatch(/<p>/);
      expect(data.html_ar).toMatch(/[\u0600-\u06FF]/);
      expect(data).not.toHaveProperty('body_en');
    }
  });

  it('renders terms and privacy from the site settings, title taken from the leading heading', async () => {
    const terms = (await t.app.inject({ method: 'GET', url: '/api/content/pages/terms' })).json().data;
    expect(terms.title_en).toBe('Terms of use');
    expect(terms.title_ar).toBe('شروط الاستخدام');
    expect(terms.html_en).toMatch(/^<p>Lisan is offered in beta/);
    const privacy = (await t.app.inject({ method: 'GET', url: '/api/content/pages/privacy' })).json().data;
    expect(privacy.title_en).toBe('Privacy notice');
    expect(privacy.html_ar).toContain('نحفظ بيانات حسابك');
  });

  // Migration 0380: the seeded texts agree with the rest of the product, in both languages.
  it("names the terms as the footer and the browser tab do, and promises the request form's reply time on the contact page", async () => {
    const catalog = (language: 'en' | 'ar', namespace: string) => JSON.parse(readFileSync(new URL(`../../../../web/src/i18n/${language}/${namespace}.json`, import.meta.url), 'utf8'));
    const terms = (await t.app.inject({ method: 'GET', url: '/api/content/pages/terms' })).json().data;
    const contact = (await t.app.inject({ method: 'GET', url: '/api/content/pages/contact' })).json().data;
    const enterprise = await t.container.database.db.selectFrom('plans').select(['text_under_button_en', 'text_under_button_ar']).where('slug', '=', 'enterprise').executeTakeFirstOrThrow();
    for (const language of ['en', 'ar'] as const) {
      const common = catalog(language, 'common');
      expect(terms[`title_${language}`]).toBe(common.pages.terms.title);
      expect(terms[`title_${language}`]).toBe(common.footer.terms);
      const oneDay = language === 'en' ? 'within one working day' : 'خلال يوم عمل واحد';
      expect(contact[`html_${language}`]).toContain(oneDay);
      expect(catalog(language, 'requests').intro.reply).toContain(oneDay);
      expect(enterprise[`text_under_button_${language}`]).toContain(oneDay);
    }
    expect(contact.html_en).not.toMatch(/two working days/);
    expect(contact.html_ar).not.toContain('يومي عمل');
  });

  it('sanitizes Markdown the admin stored in the site settings', async () => {
    const original = await t.container.settings.get('terms_conditions');
    await t.container.settings.update({ terms_conditions: '# Terms\n\nHello<script>document.cookie</script> <img src=x onerror=alert(1)>' });
    try {
      const html = (await t.app.inject({ method: 'GET', url: '/api/content/pages/terms' })).json().data.html_en;
      expect(html).toContain('Hello');
      expect(html).not.toMatch(/script|onerror|document\.cookie/);
    } finally {
      await t.container.settings.update({ terms_conditions: original! });
    }
  });

  it('answers 404 for an unknown page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/content/pages/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Not found.');
    expect((await t.app.inject({ method: 'GET', url: '/api/content/news' })).statusCode).toBe(422);
  });
});

describe('admin content editor', () => {
  it('answers 401 without a session and 403 for a user who is not an admin', async () => {
    expect((await t.client().get('/api/admin/content')).statusCode).toBe(401);
    expect((await t.client().post('/api/admin/content', post)).statusCode).toBe(401);
    expect((await user.get('/api/admin/content')).statusCode).toBe(403);
    expect((await user.post('/api/admin/content', post)).statusCode).toBe(403);
    expect((await user.post('/api/admin/content/1', post)).statusCode).toBe(403);
    expect((await user.post('/api/admin/content/1/delete', {})).statusCode).toBe(403);
  });

  it('creates a draft that the public cannot read until it is published', async () => {
    const created = await admin.post('/api/admin/content', post);
    expect(created.statusCode).toBe(201);
    const entry = created.json().data;
    expect(entry).toMatchObject({ section: 'blog', slug: 'arabic-typography', published: false, published_at: null, fixed: false });

    expect((await t.app.inject({ method: 'GET', url: '/api/content/blog/arabic-typography' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/content/blog' })).json().data).toEqual([]);
    const adminList = (await admin.get('/api/admin/content?section=blog')).json().data;
    expect(adminList.map((e: { slug: string }) => e.slug)).toEqual(['arabic-typography']);

    const published = await admin.post(`/api/admin/content/${entry.id}`, { ...post, published: true });
    expect(published.statusCode).toBe(200);
    expect(published.json().data.published_at).not.toBeNull();

    const list = (await t.app.inject({ method: 'GET', url: '/api/content/blog' })).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ slug: 'arabic-typography', title_ar: 'الخط العربي على الويب', summary_en: 'Why fonts matter.' });
    expect(list[0]).not.toHaveProperty('html_en');
    const read = (await t.app.inject({ method: 'GET', url: '/api/content/blog/arabic-typography' })).json().data;
    expect(read.html_en).toBe('<h2>Fonts</h2>\n<p>Use <strong>IBM Plex Sans Arabic</strong>.</p>');
    expect(read.html_ar).toContain('<h2>الخطوط</h2>');
    // The same slug under the case studies is another entry.
    expect((await t.app.inject({ method: 'GET', url: '/api/content/case-studies/arabic-typography' })).statusCode).toBe(404);
  });

  it('keeps the first publication date when a published post is edited, and unpublishing hides it', async () => {
    const [entry] = (await admin.get('/api/admin/content?section=blog')).json().data;
    const firstPublished = entry.published_at;
    const edited = (await admin.post(`/api/admin/content/${entry.id}`, { ...post, title_en: 'Arabic type', published: true })).json().data;
    expect(edited.title_en).toBe('Arabic type');
    expect(edited.published_at).toBe(firstPublished);
    await admin.post(`/api/admin/content/${entry.id}`, { ...post, published: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/content/blog/arabic-typography' })).statusCode).toBe(404);
  });

  it('validates: titles in both languages, slug format, slug unique per section (422)', async () => {
    const missing = await admin.post('/api/admin/content', { ...post, slug: 'other', title_ar: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.title_ar).toEqual(['A title is required in English and in Arabic.']);
    const badSlug = await admin.post('/api/admin/content', { ...post, slug: 'Not a slug!' });
    expect(badSlug.statusCode).toBe(422);
    expect(badSlug.json().errors.slug[0]).toMatch(/lowercase letters/);
    // An empty slug is only missing (not also of the wrong format); a long title or slug is too long, not missing.
    const emptySlug = await admin.post('/api/admin/content', { ...post, slug: '' });
    expect(emptySlug.json().errors.slug).toEqual(['The slug field is required.']);
    const long = await admin.post('/api/admin/content', { ...post, slug: 'a'.repeat(121), title_en: 'T'.repeat(201) });
    expect(long.json().errors).toEqual({
      slug: ['The slug field must not be greater than 120 characters.'],
      title_en: ['The title en field must not be greater than 200 characters.'],
    });
    const taken = await admin.post('/api/admin/content', post);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toEqual(['Another entry of this section already uses this slug.']);
    const wrongSection = await admin.post('/api/admin/content', { ...post, section: 'page', slug: 'press' });
    expect(wrongSection.statusCode).toBe(422);
    const arabic = t.client();
    arabic.locale = 'ar';
    await arabic.signInAs(ids['editor@example.com']!);
    const arabicError = await arabic.post('/api/admin/content', { ...post, title_en: '' });
    expect(arabicError.json().errors.title_en).toEqual(['العنوان مطلوب بالإنجليزية والعربية.']);
  });

  it('edits a fixed page but never renames, creates or deletes one', async () => {
    const pages = (await admin.get('/api/admin/content?section=page')).json().data;
    expect(pages.map((p: { slug: string }) => p.slug).sort()).toEqual(['about', 'careers', 'contact', 'faqs', 'help']);
    const about = (await admin.get(`/api/admin/content/${pages.find((p: { slug: string }) => p.slug === 'about').id}`)).json().data;
    expect(about.fixed).toBe(true);
    expect(about.body_en).toMatch(/Lisan/);

    const input = { title_en: 'About us', title_ar: 'من نحن', body_en: 'We translate.', body_ar: 'نحن نترجم.', published: true };
    const saved = await admin.post(`/api/admin/content/${about.id}`, input);
    expect(saved.statusCode).toBe(200);
    const read = (await t.app.inject({ method: 'GET', url: '/api/content/pages/about' })).json().data;
    expect(read).toMatchObject({ title_en: 'About us', title_ar: 'من نحن', html_en: '<p>We translate.</p>' });

    expect((await admin.post(`/api/admin/content/${about.id}`, { ...input, slug: 'who-we-are' })).statusCode).toBe(422);
    expect((await admin.post(`/api/admin/content/${about.id}/delete`, {})).statusCode).toBe(422);

    await admin.post(`/api/admin/content/${about.id}`, { ...input, published: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/content/pages/about' })).statusCode).toBe(404);
    await admin.post(`/api/admin/content/${about.id}`, { ...input, published: true });
  });

  it('deletes a post, and answers 404 for an unknown id', async () => {
    const created = (await admin.post('/api/admin/content', { ...post, section: 'case-studies', slug: 'bank', published: true })).json().data;
    expect((await t.app.inject({ method: 'GET', url: '/api/content/case-studies/bank' })).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/content/${created.id}/delete`, {})).statusCode).toBe(200);
    // Created and deleted, each in the audit log (the texts by their lengths).
    const log = (await admin.get(`/api/admin/audit-log?target_type=content&target_id=${created.id}`)).json().data;
    expect(log.map((entry: { action: string }) => entry.action)).toEqual(['content.delete', 'content.create']);
    expect(log[1].after).toMatchObject({ section: 'case-studies', slug: 'bank', published: true, body_en_characters: post.body_en.length });
    expect(log[0]).toMatchObject({ after: null, before: { slug: 'bank' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/content/case-studies/bank' })).statusCode).toBe(404);
    expect((await admin.get(`/api/admin/content/${created.id}`)).statusCode).toBe(404);
    expect((await admin.post('/api/admin/content/999999/delete', {})).statusCode).toBe(404);
  });

  it('previews Markdown with the same sanitizer', async () => {
    const response = await admin.post('/api/admin/content/preview', { markdown: '**hi** <script>x()</script>' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.html).toBe('<p><strong>hi</strong> </p>');
    expect((await user.post('/api/admin/content/preview', { markdown: 'x' })).statusCode).toBe(403);
  });
});
