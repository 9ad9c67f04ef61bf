// Fixed limits both sides state: the server enforces them and the web app says them before the
// server has to refuse. No zod here (nor anything else): the web app may import this file's
// values, unlike the rest of the contract (as contract/dates.ts and contract/numbers.ts).

/** Active (not revoked) API keys a user may hold of their own, and a team of its own: DeepL's Pro API allows 25. */
export const MAX_ACTIVE_API_KEYS = 25;
