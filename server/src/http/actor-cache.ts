import type { SessionRow, UserRow } from '../db/schema';

interface Entry {
  session: SessionRow;
  user: UserRow;
  until: number;
}

/**
 * The signed-in actor (session row and user row) of recent requests, by session id, for
 * a few seconds: a busy user's requests then skip two reads each. A developer API key's user
 * is kept the same way by user id (the key itself is read every time). A write to a user's row or
 * a deletion of a session drops only the entries of that user or session, in this process at
 * once and in the others through the cache bus (the container wires both), so a change of
 * role, plan or verification, a sign-out or a removal applies to the next request while every
 * other user's entries stay. A read that started before a drop never stores what it read
 * (the `mark` taken before it), so a concurrent write cannot leave a stale copy behind; the
 * time limit bounds what a lost notification could.
 */
export class ActorCache {
  private readonly entries = new Map<string, Entry>();
  /** Users by id with no session (a developer API key's user), under the same drops and time limit. */
  private readonly users = new Map<number, { user: UserRow; until: number }>();
  private readonly sessionsOfUser = new Map<number, Set<string>>();
  /** The version at which a user or session was last dropped (recent ones only). */
  private readonly droppedUsers = new Map<number, number>();
  private readonly droppedSessions = new Map<string, number>();
  private version = 0;
  /** Reads that began before this version may not store (after clear(), or a forgotten drop). */
  private floor = 0;

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
      this.remove(sessionId);
      return undefined;
    }
    return entry;
  }

  /** A user recently read by id (setUser), not through a session. */
  getUser(id: number): UserRow | undefined {
    const entry = this.users.get(id);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.users.delete(id);
      return undefined;
    }
    return entry.user;
  }

  /** A user by id: from the cache when recently read, else from `load` (remembered unless dropped meanwhile). */
  async userById(id: number, load: (id: number) => Promise<UserRow | undefined>): Promise<UserRow | undefined> {
    const cached = this.getUser(id);
    if (cached) return cached;
    const mark = this.mark();
    const user = await load(id);
    if (user) this.setUser(user, mark);
    return user;
  }

  /** Remembers a user read by id; `mark` as for set(). */
  setUser(user: UserRow, mark = this.version) {
    if (mark < this.floor || (this.droppedUsers.get(user.id) ?? -1) > mark) return;
    if (this.users.size >= this.maxEntries) this.users.clear();
    this.users.set(user.id, { user, until: this.now() + this.ttlMs });
  }

  /** Taken before reading a session and its user from the database; pass it to set(). */
  mark(): number {
    return this.version;
  }

  set(session: SessionRow, user: UserRow, mark = this.version) {
    // Dropped after the read began: what was read may be stale.
    if (mark < this.floor || (this.droppedUsers.get(user.id) ?? -1) > mark || (this.droppedSessions.get(session.id) ?? -1) > mark) return;
    if (this.entries.size >= this.maxEntries) this.clear();
    this.remove(session.id);
    this.entries.set(session.id, { session, user, until: this.now() + this.ttlMs });
    let sessions = this.sessionsOfUser.get(user.id);
    if (!sessions) this.sessionsOfUser.set(user.id, (sessions = new Set()));
    sessions.add(session.id);
  }

  /** Drops the entries of these users (every session of theirs). */
  dropUsers(ids: Iterable<number>) {
    const version = ++this.version;
    for (const id of ids) {
      this.remember(this.droppedUsers, id, version);
      this.users.delete(id);
      for (const sessionId of this.sessionsOfUser.get(id) ?? []) this.entries.delete(sessionId);
      this.sessionsOfUser.delete(id);
    }
  }

  /** Drops these sessions' entries. */
  dropSessions(ids: Iterable<string>) {
    const version = ++this.version;
    for (const id of ids) {
      this.remember(this.droppedSessions, id, version);
      this.remove(id);
    }
  }

  /** Drops everything (a write whose rows cannot be told). */
  clear() {
    this.version++;
    this.entries.clear();
    this.users.clear();
    this.sessionsOfUser.clear();
    this.droppedUsers.clear();
    this.droppedSessions.clear();
    // Every read in flight started before this version: none of them may store.
    this.floor = this.version;
  }

  get size() {
    return this.entries.size;
  }

  private remember<K>(map: Map<K, number>, key: K, version: number) {
    map.delete(key);
    map.set(key, version);
    // Reads older than the oldest remembered drop are refused as a whole (floor), so the maps stay small.
    if (map.size > 10_000) {
      const [oldest, at] = map.entries().next().value as [K, number];
      map.delete(oldest);
      this.floor = Math.max(this.floor, at);
    }
  }

  private remove(sessionId: string) {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    const sessions = this.sessionsOfUser.get(entry.user.id);
    sessions?.delete(sessionId);
    if (sessions && !sessions.size) this.sessionsOfUser.delete(entry.user.id);
  }
}
