// History (shared/API.md "History"): GET/POST /api/user/translation-history..., auto-delete settings.
import { z } from 'zod';
import { dataOf, paginated, statusMessage, timestamp } from './common';
import { documentDetail } from './documents';
import { appliedSummary, textDetail } from './translate';
import { websiteDetail } from './websites';

export const historyType = z.enum(['text', 'document', 'website']);
export type HistoryType = z.output<typeof historyType>;
export const autoDelete = z.enum(['never', '1d', '7d', '30d', '90d']);
export type AutoDelete = z.output<typeof autoDelete>;

/** What the user said about a text's sentences: approved corrections, likes and dislikes. */
export const textFeedback = z.object({
  /** The text's sentences. */
  segments: z.number().int(),
  /** Sentences that show an approved correction (a suggestion) instead of the machine's translation. */
  corrected_segments: z.number().int(),
  liked_segments: z.number().int(),
  disliked_segments: z.number().int(),
});
export type TextFeedback = z.output<typeof textFeedback>;

export const historyEntry = z.object({
  project_id: z.string(),
  type: historyType,
  source_lang: z.string(),
  target_lang: z.string(),
  domain: z.string(),
  title: z.string(),
  preview: z.string().optional(),
  created_at: timestamp,
  state: z.string(),
  /** web, or api for the developer API's requests. */
  channel: z.string().optional(),
  file_id: z.string().optional(),
  /** Documents and websites: what translation memory and glossaries did (a document once done, a website over its translated pages; null before, or for one finished before summaries were kept). */
  applied: appliedSummary.nullable().optional(),
  /** Texts: corrections and reactions on its sentences (the translator's detail names the corrected sentences). */
  feedback: textFeedback.optional(),
  /** In the team's view: who made the entry. */
  user_id: z.number().int().optional(),
  user_name: z.string().optional(),
});
export type HistoryEntry = z.output<typeof historyEntry>;

export const historyPage = paginated(historyEntry);
export type HistoryPage = z.output<typeof historyPage>;

/**
 * What a module hands the history for an entry's detail (the server-side value): each type's
 * detail is its module's shape (contract/translate.ts, documents.ts, websites.ts).
 */
export type HistoryDetail = z.input<typeof textDetail> | z.input<typeof websiteDetail> | z.input<typeof documentDetail>;

export const historyEntryDetail = dataOf(
  historyEntry.omit({ preview: true, channel: true, applied: true, feedback: true, user_id: true, user_name: true }).extend({ detail: z.union([textDetail, documentDetail, websiteDetail]).optional() }),
);
export type HistoryEntryDetail = z.output<typeof historyEntryDetail>['data'];

export const deletedAll = statusMessage.extend({ deleted: z.number().int() });
export const autoDeleteSettings = dataOf(z.object({ auto_delete: autoDelete }));
export type AutoDeleteSettings = z.output<typeof autoDeleteSettings>;
export const autoDeleteSaved = statusMessage.extend({ data: z.object({ auto_delete: autoDelete }) });
export type AutoDeleteSaved = z.output<typeof autoDeleteSaved>;

// Request bodies (the server parses them with these schemas).

/** POST /api/user/translation-history/delete. */
export const deleteHistoryEntryRequest = z.object({ project_id: z.string().trim().min(1).max(100), token: z.string().optional() });
export type DeleteHistoryEntryRequest = z.input<typeof deleteHistoryEntryRequest>;
/** POST /api/user/auto-delete-settings. */
export const autoDeleteRequest = z.object({ auto_delete: autoDelete });
export type AutoDeleteRequest = z.input<typeof autoDeleteRequest>;
