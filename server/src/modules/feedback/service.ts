import type { UserRow } from '../../db/schema';
import { normalizeForMatch } from '../../engines/normalize';
import type { Lang } from '../../engines/types';
import { NotFound } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { ownerKeysFor } from '../../pipeline/owner';
import type { MemoryApprovals, MemoryIndex } from '../translate/memory';
import type { TranslateRepo } from '../translate/repo';
import type { HistoryService } from '../history/service';
import type { FeedbackRepo } from './repo';
import type { FeedbackInput, SuggestionInput } from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Feedback form submissions per IP per ten minutes. */
export const FEEDBACK_RATE_LIMIT = 10;

/**
 * The feedback loop: reactions, suggested translations and the feedback form.
 *
 * A translationId names one sentence of one translation. A signed-in user's sentences
 * answer to that user only (anyone else gets 404); a guest's sentences answer to whoever
 * holds the id (an unguessable UUID the guest's browser received). A like makes the
 * sentence a translation-memory candidate for its owner; a suggestion becomes an approved
 * memory entry, reused before any engine from then on: the user's own, or the whole
 * team's when a team owner or manager makes it.
 */
export function createFeedbackService(deps: {
  repo: FeedbackRepo;
  translateRepo: TranslateRepo;
  memory: MemoryIndex;
  /** Approved corrections enter the memory (the user's, or the team's). */
  approvals: MemoryApprovals;
  rateLimiter: RateLimiter;
  /** The text's history entry shows the corrected translation. */
  history: Pick<HistoryService, 'updateState'>;
  now: () => Date;
}) {
  async function segmentFor(translationId: string, user: UserRow | null) {
    if (!UUID.test(translationId)) throw new NotFound('feedback.translation_not_found');
    const segment = await deps.translateRepo.findSegment(translationId);
    if (!segment || (segment.user_id !== null && segment.user_id !== user?.id)) throw new NotFound('feedback.translation_not_found');
    return segment;
  }

  return {
    /** GET /api/reaction/{translationId}/{like|dislike|none} */
    async react(user: UserRow | null, translationId: string, reaction: 'like' | 'dislike' | 'none') {
      const segment = await segmentFor(translationId, user);
      const value = reaction === 'none' ? null : reaction;
      await deps.translateRepo.setReaction(segment.id, value, deps.now());
      if (segment.user_id !== null) {
        const memory = {
          ownerKey: ownerKeysFor({ id: segment.user_id })[0]!,
          source: segment.source_lang as Lang,
          target: segment.target_lang as Lang,
          sourceNorm: normalizeForMatch(segment.source, segment.source_lang as Lang),
        };
        if (value === 'like') {
          await deps.translateRepo.upsertMemory({
            ...memory,
            ownerUserId: segment.user_id,
            teamId: null,
            sourceText: segment.source,
            targetText: segment.target,
            origin: 'like',
            now: deps.now(),
          });
        } else {
          // Disliked or taken back: this rendering is no longer a candidate.
          await deps.translateRepo.deleteMemory({ ...memory, origin: 'like', targetText: segment.target });
        }
        await deps.memory.changed();
      }
      return { translationId: segment.id, reaction };
    },

    /** POST /api/user/suggested-translation: stored, reused, and answered with the original. */
    async suggest(user: UserRow, input: SuggestionInput) {
      const segment = await segmentFor(input.translationId, user);
      const now = deps.now();
      await deps.repo.insertSuggestion({
        segment_id: segment.id,
        user_id: user.id,
        source_lang: segment.source_lang,
        target_lang: segment.target_lang,
        domain: segment.domain,
        source_text: segment.source,
        machine_text: segment.target,
        suggested_text: input.suggestedTranslation,
        created_at: now,
      });
      // A team owner's or manager's suggestion is approved for the whole team; anyone else's is their own.
      // The machine's words go with it: the first ones the sentence had (a sentence already showing a correction keeps them).
      await deps.approvals.approve(user, [
        {
          source: segment.source_lang as Lang,
          target: segment.target_lang as Lang,
          sourceText: segment.source,
          targetText: input.suggestedTranslation,
          machineText: segment.machine_target ?? segment.target,
        },
      ]);
      // The correction is the sentence's translation from now on: in the text itself and its history entry.
      await deps.translateRepo.setSegmentTarget(segment.id, input.suggestedTranslation);
      if (segment.user_id !== null) {
        const [translation, sentences] = await Promise.all([deps.translateRepo.findTranslation(segment.translation_id), deps.translateRepo.listSegments(segment.translation_id)]);
        const text = (translation?.leading_space ?? '') + sentences.map((s) => s.target + s.separator).join('');
        await deps.history.updateState(segment.translation_id, { preview: text });
      }
      return {
        translationId: segment.id,
        source_lang: segment.source_lang,
        target_lang: segment.target_lang,
        original: segment.source,
        translation: segment.target,
        suggestedTranslation: input.suggestedTranslation,
      };
    },

    /** POST /api/feedback; a translationId that no longer exists is dropped, not refused. */
    async submitFeedback(user: UserRow | null, input: FeedbackInput, context: { ip: string; locale: string }) {
      await deps.rateLimiter.consume(`feedback:ip:${context.ip}`, FEEDBACK_RATE_LIMIT, 600);
      const segmentId = input.translationId && UUID.test(input.translationId) && (await deps.translateRepo.findSegment(input.translationId)) ? input.translationId : null;
      await deps.repo.insertFeedback({
        user_id: user?.id ?? null,
        segment_id: segmentId,
        name: input.name ?? user?.name ?? null,
        email: input.email ?? user?.email ?? null,
        message: input.message,
        rating: input.rating ?? null,
        locale: context.locale,
        ip: context.ip,
        created_at: deps.now(),
      });
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
