import { z } from 'zod';

export const createApiKeySchema = z.object({
  name: z.string({ error: 'api.name_required' }).trim().min(1, { error: 'api.name_required' }).max(80),
  /** A team key (owners and managers): it counts against the team's plan. */
  team: z.boolean().optional().default(false),
});

export const apiKeyIdParams = z.object({ id: z.coerce.number().int().min(1).max(2 ** 53 - 1) });
