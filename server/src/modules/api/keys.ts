import { createHash, randomBytes } from 'node:crypto';
import type { PlanRow, UserRow } from '../../db/schema';
import { AppError, Forbidden, NotFound, TooManyRequests } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { speaksForTeam, type TeamMembershipInfo } from '../translate/owner';
import { periodStart } from '../entitlements/ledger';
import type { ApiKeysRepo } from './repo';
import type { ApiKeyRow } from './tables';

/** Every key starts with this, so secret scanners and people recognise a Lisan key. */
export const API_KEY_PREFIX = 'lsn_';
/** Characters of the key kept in clear to recognise it in the list (the prefix and 8 more). */
const VISIBLE_CHARS = API_KEY_PREFIX.length + 8;
/** Wrong keys an address may send per window before every key request from it is refused. */
const FAILURE_WINDOW_SECONDS = 600;

/** 403: no key, or a key that does not exist or was revoked. */
export class ApiKeyRejected extends AppError {
  constructor() {
    super(403, 'api.key_invalid');
  }
}

/** Keys are stored as SHA-256 digests: a key is 32 random bytes, so no slow hash is needed. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/** A request made with a valid key: the key, the user it acts as, and the team it counts against. */
export interface ApiCaller {
  key: ApiKeyRow;
  user: UserRow;
  team: TeamMembershipInfo | null;
}

/**
 * Whether a plan includes the developer API. The one place that decides it (the entitlements
 * module takes it over: `entitlementsFor(actor).api`).
 */
export function planIncludesApi(plan: Pick<PlanRow, 'api_enabled'>): boolean {
  return plan.api_enabled;
}

export function createApiKeysService(deps: {
  repo: ApiKeysRepo;
  findUser(id: number): Promise<UserRow | undefined>;
  /** The plan whose limits apply (a team member's is the team owner's). */
  planOf(user: UserRow): Promise<PlanRow>;
  membershipOf(user: UserRow): Promise<TeamMembershipInfo | null>;
  rateLimiter: RateLimiter;
  now: () => Date;
  limits: { requestsPerMinute: number; failuresPerWindow: number };
}) {
  const monthStart = () => periodStart(deps.now(), 'api_characters');

  async function assertApiIncluded(user: UserRow) {
    if (!planIncludesApi(await deps.planOf(user))) throw new Forbidden('api.plan_feature');
  }

  /** The keys a user may see and revoke: their own, and their team's when they speak for it. */
  async function scopeOf(user: UserRow) {
    const team = await deps.membershipOf(user);
    return { team, teamId: speaksForTeam(team) ? team.teamId : null };
  }

  const toPublic = (row: Awaited<ReturnType<ApiKeysRepo['list']>>[number]) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    team: row.team_id !== null,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    revoked_at: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
    usage: { requests: Number(row.requests ?? 0), characters: Number(row.characters ?? 0), documents: Number(row.documents ?? 0) },
  });

  return {
    /** GET /api/user/api-keys: never the secret; this month's usage of each key. */
    async list(user: UserRow) {
      const { teamId } = await scopeOf(user);
      const rows = await deps.repo.list({ userId: user.id, teamId }, monthStart());
      return rows.map(toPublic);
    },

    /** POST /api/user/api-keys: the only time the key itself is shown. A team key needs an owner or manager. */
    async create(user: UserRow, input: { name: string; team?: boolean }) {
      await assertApiIncluded(user);
      const { team, teamId } = await scopeOf(user);
      if (input.team && teamId === null) throw new Forbidden(team ? 'api.team_managers_only' : 'api.no_team');
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await deps.repo.insert({
        user_id: user.id,
        team_id: input.team ? teamId : null,
        name: input.name,
        prefix: key.slice(0, VISIBLE_CHARS),
        secret_hash: hashApiKey(key),
        created_at: deps.now(),
      });
      return { id: row.id, name: row.name, prefix: row.prefix, team: row.team_id !== null, key };
    },

    /** POST /api/user/api-keys/{id}/revoke: the next request with the key is refused, in every process. */
    async revoke(user: UserRow, id: number) {
      const key = await deps.repo.findById(id);
      const { teamId } = await scopeOf(user);
      const mine = key && (key.team_id === null ? key.user_id === user.id : key.team_id === teamId);
      if (!key || !mine) throw new NotFound();
      if (!key.revoked_at) await deps.repo.revoke(id, deps.now());
    },

    /**
     * The caller of a key request. Read from the database every time (no cache): a revoked
     * key stops at once in every process. Wrong keys are counted per address; past the
     * limit every key request from it is refused for the rest of the window (429).
     */
    async authenticate(key: string | undefined, ip: string): Promise<ApiCaller> {
      const failures = `api-key-failures:${ip}`;
      const blocked = await deps.rateLimiter.blockedFor(failures, deps.limits.failuresPerWindow, FAILURE_WINDOW_SECONDS);
      if (blocked) throw new TooManyRequests(blocked);
      const row = key ? await deps.repo.findByHash(hashApiKey(key.trim())) : undefined;
      const user = row && !row.revoked_at ? await deps.findUser(row.user_id) : undefined;
      const team = user ? await deps.membershipOf(user) : null;
      // A team key stops working when its maker leaves the team.
      const valid = row && user && user.email_verified_at && (row.team_id === null || team?.teamId === row.team_id);
      if (!valid) {
        if (key) await deps.rateLimiter.hit(failures, deps.limits.failuresPerWindow, FAILURE_WINDOW_SECONDS);
        throw new ApiKeyRejected();
      }
      await assertApiIncluded(user);
      await deps.rateLimiter.consume(`api-key:${row.id}`, deps.limits.requestsPerMinute, 60);
      await deps.repo.touch(row.id, deps.now());
      return { key: row, user, team };
    },

    /** Counts a successful request on the key's usage of the month. */
    async recordUsage(caller: ApiCaller, delta: { characters?: number; documents?: number }) {
      await deps.repo.addUsage(caller.key.id, monthStart(), { requests: 1, characters: delta.characters ?? 0, documents: delta.documents ?? 0 });
    },

    /** Glossaries made through the API belong to the key's owner: the team for a team key. */
    ownerKeyOf(caller: ApiCaller) {
      return caller.key.team_id !== null ? { ownerKey: `team:${caller.key.team_id}`, userId: null, teamId: caller.key.team_id } : { ownerKey: `user:${caller.user.id}`, userId: caller.user.id, teamId: null };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
