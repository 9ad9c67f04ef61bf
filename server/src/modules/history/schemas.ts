import { z } from 'zod';
import { formNumber } from '../../http/validation';

export const HISTORY_TYPES = ['text', 'document', 'website'] as const;
export const AUTO_DELETE_VALUES = ['never', '1d', '7d', '30d', '90d'] as const;

export const historyListSchema = z.object({
  page: formNumber(z.number().int().min(1).max(100_000)).catch(1).default(1),
  // An unknown or empty type lists every type, as the "All" filter does.
  type: z.enum(HISTORY_TYPES).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  /** `team`: an account owner's or manager's view of the whole team's history. */
  scope: z.enum(['mine', 'team']).optional().catch(undefined),
});

export const projectParamSchema = z.object({ projectId: z.string() });
export const deleteEntrySchema = z.object({ project_id: z.string().trim().min(1).max(100), token: z.string().optional() });
export const autoDeleteSchema = z.object({ auto_delete: z.enum(AUTO_DELETE_VALUES) });
