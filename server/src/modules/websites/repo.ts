import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../../db/schema';
import type { AppliedSummary } from '../../pipeline/applied.fns';
import type { PageCounts, PageFilterStatus } from '../../../../contract/websites';
import type { WebDomain, WebLang, WebsitePagesTable, WebsiteScope, WebsitesTable } from '../../db/tables/websites';

type Executor = Kysely<DB> | Transaction<DB>;

/** Columns of a page row without its (large) HTML and translations. */
const PAGE_SUMMARY = [
  'id',
  'website_id',
  'url',
  'local_path',
  'title',
  'words',
  'lang',
  'status',
  'skip_reason',
  'skip_detail',
  'depth',
  'text_hash',
  'segment_count',
  'crawl_generation',
  'first_seen_at',
  'last_crawled_at',
  'changed_at',
  'target_lang',
  'domain',
  'translated_hash',
  'engine',
  'translated_at',
  'reviewed_at',
  'error',
  'applied',
] as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface PageFilter {
  q?: string;
  /** Skipped: pages listed with a skip reason (their status stays Detected); Detected: the others. */
  status?: PageFilterStatus;
  page: number;
  perPage: number;
}

export function createWebsitesRepo(db: Kysely<DB>) {
  return {
    // --- sites

    createSite(values: { user_id: number; url: string; scope: WebsiteScope; page_limit: number; title: string; now: Date }) {
      const { now, ...rest } = values;
      return db
        .insertInto('websites')
        .values({ ...rest, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findSite(id: number, executor: Executor = db) {
      return executor.selectFrom('websites').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The user's site at this (normalised) address with this scope, if they added it before. */
    findSiteOfUserByUrl(userId: number, url: string, scope: WebsiteScope) {
      return db.selectFrom('websites').selectAll().where('user_id', '=', userId).where('url', '=', url).where('scope', '=', scope).orderBy('id').executeTakeFirst();
    },

    findSiteOfUser(id: number, userId: number) {
      return db.selectFrom('websites').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    async listSitesOfUser(userId: number, page: number, perPage: number) {
      const rows = await db
        .selectFrom('websites')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      const total = await db.selectFrom('websites').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return { rows, total: Number(total.n) };
    },

    updateSite(id: number, values: Updateable<WebsitesTable>, executor: Executor = db) {
      return executor.updateTable('websites').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** Starts another crawl: a new generation, state crawling. */
    beginCrawl(id: number, pageLimit: number, now: Date) {
      return db
        .updateTable('websites')
        .set((eb) => ({ crawl_generation: eb('crawl_generation', '+', 1), state: 'crawling', error: null, page_limit: pageLimit, updated_at: now }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    deleteSite(id: number) {
      return db.deleteFrom('websites').where('id', '=', id).execute();
    },

    findSiteByProject(projectId: string, userId: number) {
      return db.selectFrom('websites').selectAll().where('project_id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
    },

    /** Deletes the user's sites of these history projects; pages and segments go with them (on delete cascade). */
    async deleteSitesByProject(projectIds: string[], userId: number) {
      if (!projectIds.length) return 0;
      const result = await db.deleteFrom('websites').where('project_id', 'in', projectIds).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Pages per status (skipped pages counted apart, per reason) for each of the sites. */
    async pageCounts(websiteIds: number[]) {
      const counts = new Map<number, PageCounts>();
      for (const id of websiteIds) counts.set(id, { detected: 0, pending: 0, active: 0, skipped: 0, skipped_reasons: {}, total: 0, words: 0 });
      if (!websiteIds.length) return counts;
      const rows = await db
        .selectFrom('website_pages')
        .select((eb) => ['website_id', 'status', 'skip_reason', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('words').as('words')])
        .where('website_id', 'in', websiteIds)
        .groupBy(['website_id', 'status', 'skip_reason'])
        .execute();
      for (const row of rows) {
        const entry = counts.get(row.website_id)!;
        const n = Number(row.n);
        entry.total += n;
        entry.words += Number(row.words ?? 0);
        if (row.skip_reason !== null) {
          entry.skipped += n;
          entry.skipped_reasons[row.skip_reason] = (entry.skipped_reasons[row.skip_reason] ?? 0) + n;
        } else if (row.status === 'Active') entry.active += n;
        else if (row.status === 'Pending') entry.pending += n;
        else entry.detected += n;
      }
      return counts;
    },

    // --- pages

    findPageByUrl(websiteId: number, url: string, executor: Executor = db) {
      return executor.selectFrom('website_pages').select(PAGE_SUMMARY).where('website_id', '=', websiteId).where('url', '=', url).executeTakeFirst();
    },

    /**
     * Pages listed under a folder's index address ("/docs/index.html"): crawls before the index page
     * and its folder were one page stored them so; a crawl now finds them under the folder's address.
     */
    listIndexAddressedPages(websiteId: number, executor: Executor = db) {
      return executor
        .selectFrom('website_pages')
        .select(['id', 'url'])
        .where('website_id', '=', websiteId)
        .where(sql<boolean>`url ~* ${'/(index\\.(html?|php)|default\\.(html?|aspx))([?].*)?$'}`)
        .orderBy('id')
        .execute();
    },

    async localPathTaken(websiteId: number, localPath: string, executor: Executor = db) {
      const row = await executor.selectFrom('website_pages').select('id').where('website_id', '=', websiteId).where('local_path', '=', localPath).executeTakeFirst();
      return Boolean(row);
    },

    insertPage(values: { website_id: number; url: string; local_path: string; now: Date } & Updateable<WebsitePagesTable>, executor: Executor = db) {
      const { now, ...rest } = values;
      return executor
        .insertInto('website_pages')
        .values({ ...rest, website_id: values.website_id, url: values.url, local_path: values.local_path, first_seen_at: now })
        .returning(['id'])
        .executeTakeFirstOrThrow();
    },

    updatePage(id: number, values: Updateable<WebsitePagesTable>, executor: Executor = db) {
      return executor.updateTable('website_pages').set(values).where('id', '=', id).execute();
    },

    async listPages(websiteId: number, filter: PageFilter) {
      let query = db.selectFrom('website_pages').where('website_id', '=', websiteId);
      if (filter.q) {
        const like = `%${escapeLike(filter.q)}%`;
        query = query.where((eb) => eb.or([eb('title', 'ilike', like), eb('url', 'ilike', like)]));
      }
      if (filter.status === 'Skipped') query = query.where('skip_reason', 'is not', null);
      else if (filter.status) query = query.where('status', '=', filter.status).where('skip_reason', 'is', null);
      const rows = await query
        .select(PAGE_SUMMARY)
        .orderBy('depth')
        .orderBy('id')
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage)
        .execute();
      const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return { rows, total: Number(total.n) };
    },

    findPage(websiteId: number, pageId: number, executor: Executor = db) {
      return executor.selectFrom('website_pages').selectAll().where('website_id', '=', websiteId).where('id', '=', pageId).executeTakeFirst();
    },

    findPageByLocalPath(websiteId: number, localPath: string) {
      return db.selectFrom('website_pages').selectAll().where('website_id', '=', websiteId).where('local_path', '=', localPath).executeTakeFirst();
    },

    /** URL -> local path of every translated page (for link rewriting). */
    listTranslatedPaths(websiteId: number) {
      return db.selectFrom('website_pages').select(['id', 'url', 'local_path', 'engine']).where('website_id', '=', websiteId).where('status', '=', 'Active').execute();
    },

    /** What memory and glossaries did for each translated (Active) page of the site (null: translated before it was kept). */
    async appliedOfActivePages(websiteId: number) {
      const rows = await db.selectFrom('website_pages').select('applied').where('website_id', '=', websiteId).where('status', '=', 'Active').where('applied', 'is not', null).execute();
      return rows.map((row) => row.applied);
    },

    /** The same for the sites of these history projects (the history list's website entries), in one query. */
    appliedOfProjects(projectIds: string[]) {
      if (!projectIds.length) return Promise.resolve([]);
      return db
        .selectFrom('website_pages')
        .innerJoin('websites', 'websites.id', 'website_pages.website_id')
        .select(['websites.project_id', 'website_pages.applied'])
        .where('websites.project_id', 'in', projectIds)
        .where('website_pages.status', '=', 'Active')
        .where('website_pages.applied', 'is not', null)
        .execute();
    },

    /** Translated pages with their HTML, in id order, a chunk at a time (exports stay bounded in memory). */
    listActivePagesAfter(websiteId: number, afterId: number, limit: number) {
      return db
        .selectFrom('website_pages')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('status', '=', 'Active')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The pages a translate request names (or all of the site), summary columns. */
    pagesForTranslation(websiteId: number, pageIds: number[] | 'all') {
      let query = db.selectFrom('website_pages').select(PAGE_SUMMARY).where('website_id', '=', websiteId);
      if (pageIds !== 'all') query = query.where('id', 'in', pageIds.length ? pageIds : [-1]);
      return query.orderBy('id').execute();
    },

    markPending(ids: number[], values: { target_lang: WebLang; domain: WebDomain }, executor: Executor = db) {
      if (!ids.length) return Promise.resolve([]);
      return executor
        .updateTable('website_pages')
        .set({ status: 'Pending', target_lang: values.target_lang, domain: values.domain, error: null })
        .where('id', 'in', ids)
        .execute();
    },

    /** Pages still Pending after a translation job gave up: back to Detected, with the reason. */
    releasePending(websiteId: number, reason: string) {
      return db
        .updateTable('website_pages')
        .set((eb) => ({ status: 'Detected', error: eb.fn.coalesce('error', sql.lit(reason)) }))
        .where('website_id', '=', websiteId)
        .where('status', '=', 'Pending')
        .execute();
    },

    nextPendingPage(websiteId: number, afterId: number) {
      return db
        .selectFrom('website_pages')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('status', '=', 'Pending')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Stores a page's translation if the page still has the text it was translated from
     * and is still waiting for it (a re-crawl or another request may have changed it).
     */
    async storeTranslation(
      page: { id: number; textHash: string; targetLang: WebLang; domain: WebDomain },
      values: { translations: string[]; engine: string; applied: AppliedSummary; segmentOrigins: string[] | null; segmentTerms: Array<Array<{ source: string; target: string }>> | null; now: Date },
      executor: Executor = db,
    ) {
      const result = await executor
        .updateTable('website_pages')
        .set({
          status: 'Active',
          translations: JSON.stringify(values.translations),
          translated_hash: page.textHash,
          engine: values.engine,
          applied: JSON.stringify(values.applied),
          segment_origins: values.segmentOrigins && JSON.stringify(values.segmentOrigins),
          segment_terms: values.segmentTerms && JSON.stringify(values.segmentTerms),
          translated_at: values.now,
          reviewed_at: null,
          error: null,
        })
        .where('id', '=', page.id)
        .where('status', '=', 'Pending')
        .where('text_hash', '=', page.textHash)
        .where('target_lang', '=', page.targetLang)
        .where('domain', '=', page.domain)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    // --- usage
  };
}

export type WebsitesRepo = ReturnType<typeof createWebsitesRepo>;
