// Developer API keys (shared/API.md "API keys"): GET/POST /api/user/api-keys, POST .../{id}/revoke.
import { z } from 'zod';
import { dataOf } from './common';

/** A key as its owner sees it in the list: never the secret, with this month's usage. */
export const apiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the key, to recognise it. */
  prefix: z.string(),
  /** A team key: it counts against the team's plan. */
  team: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  usage: z.object({ requests: z.number(), characters: z.number(), documents: z.number() }),
});
export type ApiKey = z.output<typeof apiKey>;

export const apiKeyList = dataOf(z.array(apiKey));
export type ApiKeyList = z.output<typeof apiKeyList>;

/** A new key (201): the only answer that holds `key`, the secret itself. */
export const createdApiKey = dataOf(z.object({ id: z.number().int(), name: z.string(), prefix: z.string(), team: z.boolean(), key: z.string() }));
export type CreatedApiKey = z.output<typeof createdApiKey>;
