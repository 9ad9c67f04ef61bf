import type { SessionRow, UserRow } from '../db/schema';

interface Entry {
  session: SessionRow;
  user: UserRow;
  until: number;
}

/**
 * The signed-in actor (session row and user row) of recent requests, by session id, for
 * a few seconds: a busy user's requests then skip two reads each. Any write to `users` and
 * any deletion of sessions, by any module, empties it (the container connects it to the
 * database's write watch, and to the other processes through the cache bus), so a change
 * of role, plan or verification, a sign-out or a removal applies to the next request. The
 * time limit only bounds what a lost notification or a concurrent PostgreSQL transaction
 * could leave behind.
 */
export class ActorCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 20_000,
  ) {}

  get(sessionId: string): { session: SessionRow; user: UserRow } | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.until <= now || new Date(entry.session.expires_at).getTime() <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  set(session: SessionRow, user: UserRow) {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(session.id, { session, user, until: this.now() + this.ttlMs });
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}
