import type { Entitlements } from '../entitlements/service';
import type { Domain, Lang } from '../../engines/types';
import { extractSegments } from '../../formats/html';
import type { Actor } from '../../http/access';
import { Invalid, LimitExceeded } from '../../http/errors';
import { APPLIED_TERMS_KEPT, emptyApplied, summariseApplied, type SegmentApplied } from '../../pipeline/applied.fns';
import { planBatches } from '../../text/toolkit';
import type { WebsitesContext } from './context';
import type { WebLang, WebsitePageRow, WebsiteRow } from '../../db/tables/websites';

/** Thrown by the translate step while no SegmentTranslator is connected. */
export class TranslatorMissing extends Error {
  constructor() {
    super('No translation engine is connected to website translation: pass a SegmentTranslator to createWebsitesService (container.ts).');
    this.name = 'TranslatorMissing';
  }
}

/**
 * Page translation: the request (pages marked Pending, checked against the plan's monthly
 * pages) and the `website-translate` job (each Pending page through the pipeline, counted in
 * the usage ledger).
 */
export function createWebsiteTranslation(ctx: WebsitesContext) {
  const { deps, repo, settings, logger, ownedSite, syncHistory, planFor } = ctx;

  /** Translates one Pending page; false when it changed meanwhile (the caller reloads it). */
  async function translatePage(site: WebsiteRow, page: WebsitePageRow, entitlements: Entitlements): Promise<boolean> {
    if (!page.html || !page.text_hash || !page.target_lang || !page.domain) {
      await repo.updatePage(page.id, { status: 'Detected', error: 'not_translatable' });
      return true;
    }
    const segments = extractSegments(page.html);
    const source: WebLang = page.lang ?? 'en';
    const target = page.target_lang;
    const domain = page.domain;
    let translations: string[];
    let engine: string;
    let applied = emptyApplied();
    let segmentOrigins: string[] | null = null;
    let segmentTerms: Array<Array<{ source: string; target: string }>> | null = null;
    const charged = source !== target && segments.length > 0;
    if (!charged) {
      // Already in the target language (or no text): the copy is the page itself, rewritten.
      translations = segments;
      engine = 'none';
    } else {
      // Every segment goes through the pipeline, whose memory (approved corrections, likes,
      // reviewed XLIFF) answers what it knows; repeated segments of the page are sent once.
      if (!deps.translator) throw new TranslatorMissing();
      const unique = [...new Set(segments)];
      const translated = new Map<string, string>();
      const origins = new Map<string, SegmentApplied>();
      const engines: string[] = [];
      for (const { segmentIndexes } of planBatches(unique, { maxSegments: settings.batchSegments, maxChars: settings.batchChars })) {
        const batch = segmentIndexes.map((k) => unique[k]!);
        const result = await deps.translator(batch, { source, target, domain, ownerUserId: site.user_id });
        if (result.translations.length !== batch.length) throw new Error(`The translator answered ${result.translations.length} segments for ${batch.length}`);
        engines.push(result.engine);
        batch.forEach((segment, k) => {
          translated.set(segment, result.translations[k]!);
          origins.set(segment, { origin: result.origins?.[k] ?? result.engine, glossaryTerms: result.glossaryTerms?.[k] });
        });
      }
      // The engine that answered, or 'memory' when memory answered every segment.
      engine = engines.find((id) => id !== 'memory') ?? 'memory';
      translations = segments.map((segment) => translated.get(segment)!);
      // What memory and glossaries did, counted per segment of the page (a repeated one each time it appears);
      // each segment's origin and terms are kept, for a review to move its units (exports.ts).
      const applieds = segments.map((segment) => origins.get(segment)!);
      applied = summariseApplied(applieds, APPLIED_TERMS_KEPT);
      segmentOrigins = applieds.map((segment) => segment.origin);
      segmentTerms = applieds.map((segment) => (segment.glossaryTerms ?? []).map(({ source, target }) => ({ source, target })));
    }
    // The page is counted in the ledger (refused atomically past the plan's pages) and given back if it was not stored.
    const quota = charged ? await deps.entitlements.consume(entitlements, 'web_pages') : null;
    if (quota && !quota.allowed) {
      await repo.updatePage(page.id, { status: 'Detected', error: 'quota_exceeded' });
      return true;
    }
    try {
      const stored = await repo.storeTranslation({ id: page.id, textHash: page.text_hash!, targetLang: target, domain }, { translations, engine, applied, segmentOrigins, segmentTerms, now: deps.now() });
      if (!stored) await quota?.release();
      return stored;
    } catch (error) {
      await quota?.release();
      throw error;
    }
  }

  return {
    /**
     * Marks the chosen pages Pending and queues their translation (402 past the plan's monthly pages, saying how many
     * are left). `withinQuota`: translate what fits instead, the first pages that count (in the list's order) up to what
     * is left and every page that does not count; the others are left as they are (`over_quota`).
     */
    async translate(actor: Actor, id: number, input: { pageIds: number[] | 'all'; targetLang: Lang; domain: Domain; withinQuota?: boolean }) {
      const site = await ownedSite(actor, id);
      if (site.state === 'crawling') throw Invalid.field('page_ids', 'websites.crawl_in_progress');
      const pages = await repo.pagesForTranslation(site.id, input.pageIds);
      if (input.pageIds !== 'all' && pages.length !== new Set(input.pageIds).size) throw Invalid.field('page_ids', 'websites.pages_unknown');
      const candidates = pages.filter((p) => !p.skip_reason && p.text_hash);
      if (!candidates.length) throw Invalid.field('page_ids', 'websites.nothing_to_translate');
      // Translated, unchanged pages in the same language and domain are left alone (and not charged);
      // Pending ones are queued again (a failed job's pages are retried this way).
      const upToDate = (p: (typeof candidates)[number]) =>
        p.status === 'Active' && p.translated_hash === p.text_hash && p.target_lang === input.targetLang && p.domain === input.domain;
      // A page counts against the month's pages unless it is already in the language asked for (or has no text).
      const counts = (p: (typeof candidates)[number]) => (p.lang ?? 'en') !== input.targetLang && p.segment_count > 0;
      let toDo = candidates.filter((p) => !upToDate(p));
      const requested = toDo.filter(counts).length;
      const plan = await planFor(actor.user);
      const used = await deps.entitlements.used(plan.entitlements, 'web_pages');
      const remaining = Math.max(0, plan.web_pages - used);
      let charged = requested;
      if (requested > remaining) {
        if (!input.withinQuota || remaining === 0) {
          throw new LimitExceeded('web_pages', 'websites.quota_exceeded', { limit: plan.web_pages, remaining, requested }, {}, remaining);
        }
        let room = remaining;
        toDo = toDo.filter((p) => !counts(p) || room-- > 0);
        charged = remaining;
      }
      await repo.markPending(
        toDo.map((p) => p.id),
        { target_lang: input.targetLang, domain: input.domain },
      );
      await repo.updateSite(site.id, { target_lang: input.targetLang, domain: input.domain, updated_at: deps.now() });
      await syncHistory(site.id);
      if (toDo.length) await deps.queue.send('website-translate', { websiteId: site.id });
      return { queued: toDo.length, charged, unchanged: candidates.filter(upToDate).length, skipped: pages.length - candidates.length, over_quota: requested - charged };
    },

    /** The website-translate job: translates every Pending page of the site (safe to run twice). */
    async runTranslate(job: { websiteId: number }, attempt: { last: boolean } = { last: false }) {
      const site = await repo.findSite(job.websiteId);
      if (!site) return;
      const user = await deps.users.findById(site.user_id);
      if (!user) return;
      const entitlements = await deps.entitlements.entitlementsFor({ user });
      let after = 0;
      let failure: unknown = null;
      for (;;) {
        const page = await repo.nextPendingPage(site.id, after);
        if (!page) break;
        after = page.id;
        try {
          let done = await translatePage(site, page, entitlements);
          if (!done) {
            // Changed while we translated: once more with what is stored now.
            const fresh = await repo.findPage(site.id, page.id);
            if (fresh?.status === 'Pending') done = await translatePage(site, fresh, entitlements);
          }
        } catch (error) {
          failure = error;
          logger.warn({ err: error, websiteId: site.id, pageId: page.id }, 'page translation failed');
          await repo.updatePage(page.id, { error: error instanceof TranslatorMissing ? 'translator_unavailable' : 'translation_failed' });
          if (error instanceof TranslatorMissing) break;
        }
      }
      // pg-boss retries the job; pages already translated are not touched again. After the
      // last attempt the pages still waiting go back to Detected with the reason (nothing is
      // charged for them, and the user can ask again once the engine is back).
      if (failure && attempt.last) await repo.releasePending(site.id, failure instanceof TranslatorMissing ? 'translator_unavailable' : 'translation_failed');
      await repo.updateSite(site.id, { updated_at: deps.now() });
      await syncHistory(site.id);
      if (failure && !attempt.last) throw failure;
    },
  };
}
