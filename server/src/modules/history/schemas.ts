import { z } from 'zod';
import { formNumber } from '../../http/validation';

export const HISTORY_TYPES = ['text', 'document', 'website'] as const;

export const historyListSchema = z.object({
  page: formNumber(z.number().int().min(1).max(100_000)).catch(1).default(1),
  // An unknown or empty type lists every type, as the "All" filter does.
  type: z.enum(HISTORY_TYPES).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  /** `team`: an account owner's or manager's view of the whole team's history. */
  scope: z.enum(['mine', 'team']).optional().catch(undefined),
});

export const projectParamSchema = z.object({ projectId: z.string() });
// The request bodies' schemas (delete an entry, the auto-delete setting) are in the shared contract (contract/history.ts).
