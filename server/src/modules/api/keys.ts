import { hash, randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/schema';
import { AppError, Forbidden, NotFound, TooManyRequests } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { speaksForTeam, type TeamMembershipInfo } from '../../pipeline/owner';
import { apiKeySubject, type ConsumeRequest, type CountedSubject, type UsageLedger, type UsageMetric } from '../entitlements/ledger';
import { apiKeyByHash, type ApiKeysRepo } from './repo';
import type { Entitlements } from '../entitlements/service';
import type { ApiKeyRow } from '../../db/tables/api';
import { MAX_ACTIVE_API_KEYS } from '../../../../contract/limits';

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

/** 409: the owner already has MAX_ACTIVE_API_KEYS active keys; one must be revoked first. */
export class TooManyKeys extends AppError {
  constructor(team: boolean) {
    super(409, team ? 'api.too_many_team_keys' : 'api.too_many_keys', { max: MAX_ACTIVE_API_KEYS });
  }
}

/** Keys are stored as SHA-256 digests: a key is 32 random bytes, so no slow hash is needed. */
export const hashApiKey = (key: string) => hash('sha256', key, 'base64url');

/** A request made with a valid key: the key, the user it acts as, and the team it counts against. */
export interface ApiCaller {
  key: ApiKeyRow;
  user: UserRow;
  team: TeamMembershipInfo | null;
}

/** A key's figures of a request, as ledger units on its own counter (no limit): the request, its characters and documents. */
function figuresOf(caller: ApiCaller, delta: { characters?: number; documents?: number }): Array<[UsageMetric, number, CountedSubject[]]> {
  const subjects = [{ subject: apiKeySubject(caller.key.id), limit: null }];
  const figures: Array<[UsageMetric, number]> = [['api_requests', 1], ['api_characters', delta.characters ?? 0], ['documents', delta.documents ?? 0]];
  return figures.filter(([, amount]) => amount > 0).map(([metric, amount]) => [metric, amount, subjects]);
}

export function createApiKeysService(deps: {
  repo: ApiKeysRepo;
  findUser(id: number): Promise<UserRow | undefined>;
  /** The entitlements module's decision for a user: the API feature and the team. */
  entitlementsOf(user: UserRow): Promise<Pick<Entitlements, 'team' | 'features'>>;
  rateLimiter: RateLimiter;
  /** The usage ledger: each key's requests, characters and documents of the month (subject `api-key:<id>`). */
  ledger: Pick<UsageLedger, 'consume' | 'counts' | 'prepare' | 'release'>;
  now: () => Date;
  limits: { requestsPerMinute: number; failuresPerWindow: number };
}) {
  async function assertApiIncluded(user: UserRow) {
    if (!(await deps.entitlementsOf(user)).features.api) throw new Forbidden('api.plan_feature');
  }

  /** The keys a user may see and revoke: their own, and their team's when they speak for it. */
  async function scopeOf(user: UserRow) {
    const { team } = await deps.entitlementsOf(user);
    return { team, teamId: speaksForTeam(team) ? team.teamId : null };
  }

  const toPublic = (row: Awaited<ReturnType<ApiKeysRepo['list']>>[number], usage: { requests: number; characters: number; documents: number }) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    team: row.team_id !== null,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    revoked_at: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
    usage,
  });

  /**
   * A key's last use, written at most once a minute per key: this process remembers when it
   * last wrote it, so a busy key costs no statement; the repo's condition keeps other
   * processes from writing it more often either.
   */
  const touched = new Map<number, number>();
  async function touch(id: number) {
    const now = deps.now();
    if ((touched.get(id) ?? -Infinity) > now.getTime() - 60_000) return;
    if (touched.size > 10_000) touched.clear();
    touched.set(id, now.getTime());
    try {
      await deps.repo.touch(id, now);
    } catch (error) {
      touched.delete(id);
      throw error;
    }
  }

  return {
    /** GET /api/user/api-keys: never the secret; this month's usage of each key. */
    async list(user: UserRow) {
      const { teamId } = await scopeOf(user);
      const rows = await deps.repo.list({ userId: user.id, teamId });
      const subjects = rows.map((row) => apiKeySubject(row.id));
      const usage = await deps.ledger.counts(subjects, ['api_requests', 'api_characters', 'documents']);
      return rows.map((row, i) => toPublic(row, { requests: usage.get(subjects[i]!, 'api_requests'), characters: usage.get(subjects[i]!, 'api_characters'), documents: usage.get(subjects[i]!, 'documents') }));
    },

    /** POST /api/user/api-keys: the only time the key itself is shown. A team key needs an owner or manager. */
    async create(user: UserRow, input: { name: string; team?: boolean }) {
      await assertApiIncluded(user);
      const { team, teamId } = await scopeOf(user);
      if (input.team && teamId === null) throw new Forbidden(team ? 'api.team_managers_only' : 'api.no_team');
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await deps.repo.insertWithin(
        {
          user_id: user.id,
          team_id: input.team ? teamId : null,
          name: input.name,
          prefix: key.slice(0, VISIBLE_CHARS),
          secret_hash: hashApiKey(key),
          created_at: deps.now(),
        },
        MAX_ACTIVE_API_KEYS,
      );
      if (!row) throw new TooManyKeys(input.team === true);
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
     * The caller of a key request. The key is read from the database every time (no cache): a
     * revoked key stops at once in every process; its user comes from `findUser` (the actor
     * cache's, dropped in every process when the user's row changes, as for sessions). Wrong
     * keys are counted per address; past the limit every key request from it is refused for
     * the rest of the window (429). The key's read, its rate-limit hit and the address's failure
     * count are one statement (the rate limiter's batch, `apiKeyByHash`: one wait and one round
     * trip, shared by concurrent requests); the hit is counted against the key's digest, so a key that turns out
     * not to be valid has its hit counted all the same. The plan and team come from the
     * entitlements module (its per-actor read).
     */
    async authenticate(key: string | undefined, ip: string): Promise<ApiCaller> {
      const failures = `api-key-failures:${ip}`;
      const digest = key ? hashApiKey(key.trim()) : undefined;
      const [blocked, row, hit] = await Promise.all([
        deps.rateLimiter.blockedFor(failures, deps.limits.failuresPerWindow, FAILURE_WINDOW_SECONDS),
        digest ? deps.rateLimiter.lookup(apiKeyByHash, digest) : undefined,
        // 22 characters of the digest (132 bits) name the key's counter; the digest itself stays in api_keys.
        digest ? deps.rateLimiter.hit(`api-key:${digest.slice(0, 22)}`, deps.limits.requestsPerMinute, 60) : undefined,
      ]);
      if (blocked) throw new TooManyRequests(blocked);
      const live = row && !row.revoked_at ? row : undefined;
      const user = live ? await deps.findUser(live.user_id) : undefined;
      const entitled = user ? await deps.entitlementsOf(user) : null;
      const team = entitled?.team ?? null;
      // A team key stops working when its maker leaves the team.
      const valid = live && user && user.email_verified_at && (live.team_id === null || team?.teamId === live.team_id);
      if (!valid) {
        if (key) await deps.rateLimiter.hit(failures, deps.limits.failuresPerWindow, FAILURE_WINDOW_SECONDS);
        throw new ApiKeyRejected();
      }
      if (!entitled?.features.api) throw new Forbidden('api.plan_feature');
      if (hit && !hit.allowed) throw new TooManyRequests(hit.retryAfterSeconds);
      await touch(live.id);
      return { key: live, user, team };
    },

    /**
     * Counts a request, and its characters or documents, on the key's figures of the month in
     * the usage ledger (without a limit: the plan's quotas are the entitlements module's). The
     * units join the ledger's group commit, with the plan's own units of the same request.
     * Resolves, once written, to what takes them back again (for a request that then fails).
     */
    async recordUsage(caller: ApiCaller, delta: { characters?: number; documents?: number }): Promise<() => Promise<void>> {
      const taken = await Promise.all(figuresOf(caller, delta).map(([metric, amount, subjects]) => deps.ledger.consume({ metric, amount, subjects })));
      return async () => {
        await Promise.all(taken.map((units) => units.release()));
      };
    },

    /**
     * The same units as `recordUsage`, not taken: for the translate service to take with the
     * texts' own, in their statement (`alsoTake`). `release` gives them back once taken.
     */
    async usageUnits(caller: ApiCaller, delta: { characters?: number }): Promise<ConsumeRequest[]> {
      const prepared = await Promise.all(figuresOf(caller, delta).map(([metric, amount, subjects]) => deps.ledger.prepare({ metric, amount, subjects })));
      // Without a limit, a unit is never refused.
      return prepared.flatMap((units) => (units.refused ? [] : [units.request]));
    },

    /** Gives units of `usageUnits` back (taken, then the request failed). */
    releaseUsage: (units: ConsumeRequest[]) => Promise.all(units.map((request) => deps.ledger.release(request))).then(() => undefined),

    /** Glossaries made through the API belong to the key's owner: the team for a team key. */
    ownerKeyOf(caller: ApiCaller) {
      return caller.key.team_id !== null ? { ownerKey: `team:${caller.key.team_id}`, userId: null, teamId: caller.key.team_id } : { ownerKey: `user:${caller.user.id}`, userId: caller.user.id, teamId: null };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
