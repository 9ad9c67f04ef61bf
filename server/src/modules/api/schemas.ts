import { z } from 'zod';
import { requiredString } from '../../http/validation';

export const createApiKeySchema = z.object({
  name: requiredString('api.name_required').max(80),
  /** A team key (owners and managers): it counts against the team's plan. */
  team: z.boolean().optional().default(false),
});

export const apiKeyIdParams = z.object({ id: z.coerce.number().int().min(1).max(2 ** 53 - 1) });
