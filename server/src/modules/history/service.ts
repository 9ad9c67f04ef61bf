import type { Logger } from 'pino';
import type { HistoryDetail, TextFeedback } from '../../../../contract/history';
import { NotFound } from '../../http/errors';
import type { AppliedSummary } from '../../pipeline/applied.fns';
import type { HistoryOwner, HistoryRepo } from './repo';
import type { AutoDelete, HistoryType } from '../../db/tables/history';

export const HISTORY_PER_PAGE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a module that writes history entries tells the history about its type: how to
 * load the details for re-opening an entry, and how to delete the project's own data
 * (texts, files) when its entry is deleted, by hand or automatically.
 */
export interface HistoryTypeHandler {
  detail?(projectId: string, userId: number): Promise<HistoryDetail | null>;
  remove?(projectIds: string[], userId: number): Promise<void>;
  /** What memory and glossaries did for these projects (documents, websites), for the list's entries: one call per type and page. */
  applied?(projectIds: string[]): Promise<Map<string, AppliedSummary | null>>;
  /** What the user said about these projects' sentences (texts: corrections, likes, dislikes), for the list's entries: one call per type and page. */
  feedback?(projectIds: string[]): Promise<Map<string, TextFeedback>>;
}

/** The per-page summaries a type may give its entries in the list. */
type EntrySummaries = { applied: AppliedSummary | null; feedback: TextFeedback };

export interface NewHistoryEntry {
  projectId: string;
  userId: number;
  type: HistoryType;
  sourceLang: string;
  targetLang: string;
  domain: string;
  title: string;
  preview?: string;
  state?: string;
  fileId?: string | null;
  /** 'api' when made with an API key. */
  channel?: 'web' | 'api';
}

/** The history entry title: the start of the text, on one line. */
export function historyTitle(text: string, max = 120): string {
  const collapse = (part: string) => part.replace(/\s+/g, ' ').trim();
  // Only the start of a long text is read: once its collapsed form is longer than the title
  // by two characters, the rest of the text cannot change the title's characters.
  let line = collapse(text.slice(0, max * 4));
  if (line.length < max + 2 && text.length > max * 4) line = collapse(text);
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

export function createHistoryService(deps: {
  repo: HistoryRepo;
  now: () => Date;
  logger: Logger;
  /** The user's team id, or null (the teams module answers it): stamps entries and scopes a user's own view. */
  teamOf?: (userId: number) => Promise<number | null>;
  /** A user by id (the users module's): names the members in a team's view. */
  findUser: (userId: number) => Promise<{ name: string } | undefined>;
}) {
  const handlers = new Map<HistoryType, HistoryTypeHandler>();

  /** A user's own entries: those made alone, and those made for the team they are in now. */
  async function own(userId: number): Promise<HistoryOwner> {
    return { user: userId, teamId: (await deps.teamOf?.(userId)) ?? null };
  }

  /**
   * A summary of the page's entries (`applied`: what memory and glossaries did; `feedback`: what the user said about a
   * text's sentences): each type that gives it is asked once, for the page's entries of that type. `types`: the types
   * that give it (an entry of those types without one is answered null, as one finished before summaries were kept).
   */
  async function summariesOf<K extends keyof EntrySummaries>(kind: K, rows: ReadonlyArray<{ type: HistoryType; project_id: string }>) {
    const values = new Map<string, EntrySummaries[K]>();
    const types = new Set<HistoryType>();
    for (const [type, handler] of handlers) {
      const summarise = handler[kind] as ((projectIds: string[]) => Promise<Map<string, EntrySummaries[K]>>) | undefined;
      if (!summarise) continue;
      types.add(type);
      const ids = rows.filter((row) => row.type === type).map((row) => row.project_id);
      if (ids.length) for (const [id, summary] of await summarise(ids)) values.set(id, summary);
    }
    return { types, values };
  }

  async function removeProjects(entries: Array<{ project_id: string; type: HistoryType; user_id?: number }>, userId?: number) {
    const byType = new Map<HistoryType, Map<number, string[]>>();
    for (const entry of entries) {
      const owner = entry.user_id ?? userId!;
      const users = byType.get(entry.type) ?? new Map<number, string[]>();
      users.set(owner, [...(users.get(owner) ?? []), entry.project_id]);
      byType.set(entry.type, users);
    }
    for (const [type, users] of byType) {
      const handler = handlers.get(type);
      for (const [owner, ids] of users) await handler?.remove?.(ids, owner);
    }
    return deps.repo.deleteEntries(entries.map((entry) => entry.project_id));
  }

  return {
    registerType(type: HistoryType, handler: HistoryTypeHandler) {
      handlers.set(type, handler);
    },

    /** Adds an entry (documents and websites call this; texts are saved with their translation). */
    async record(entry: NewHistoryEntry) {
      const now = deps.now();
      await deps.repo.insert({
        project_id: entry.projectId,
        user_id: entry.userId,
        team_id: (await deps.teamOf?.(entry.userId)) ?? null,
        type: entry.type,
        source_lang: entry.sourceLang,
        target_lang: entry.targetLang,
        domain: entry.domain,
        title: historyTitle(entry.title),
        preview: historyTitle(entry.preview ?? '', 200),
        search_text: entry.title.slice(0, 1000),
        state: entry.state ?? 'done',
        file_id: entry.fileId ?? null,
        channel: entry.channel ?? 'web',
        created_at: now,
        updated_at: now,
      });
    },

    /**
     * Keeps an entry in step with its project: its state, file, and (websites, whose
     * languages and name are known only after the crawl or the translate request) its
     * title, languages and domain.
     */
    async updateState(
      projectId: string,
      changes: { state?: string; fileId?: string | null; title?: string; preview?: string; sourceLang?: string; targetLang?: string; domain?: string },
    ) {
      await deps.repo.update(projectId, {
        state: changes.state,
        file_id: changes.fileId,
        title: changes.title === undefined ? undefined : historyTitle(changes.title),
        preview: changes.preview === undefined ? undefined : historyTitle(changes.preview, 200),
        source_lang: changes.sourceLang,
        target_lang: changes.targetLang,
        domain: changes.domain,
        updated_at: deps.now(),
      });
    },

    /**
     * GET /api/user/translation-history: newest first, 20 a page, filtered by type and text.
     * The user's own entries (`{ userId }`), or (`{ teamId }`, owners and managers) every entry
     * made for the team, removed members' included, each naming its member.
     */
    async list(scope: { userId: number } | { teamId: number }, filter: { page: number; type?: HistoryType; q?: string }) {
      const team = 'teamId' in scope;
      const owner: HistoryOwner = team ? { team: scope.teamId } : await own(scope.userId);
      const { rows, total } = await deps.repo.page(owner, { ...filter, q: filter.q || undefined, perPage: HISTORY_PER_PAGE });
      const names = new Map<number, string>();
      if (team) {
        const ids = [...new Set(rows.map((row) => row.user_id))];
        const users = await Promise.all(ids.map((id) => deps.findUser(id)));
        ids.forEach((id, i) => names.set(id, users[i]?.name ?? ''));
      }
      const [applied, feedback] = await Promise.all([summariesOf('applied', rows), summariesOf('feedback', rows)]);
      return {
        data: rows.map((row) => ({
          project_id: row.project_id,
          ...(team ? { user_id: row.user_id, user_name: names.get(row.user_id) ?? '' } : {}),
          type: row.type,
          source_lang: row.source_lang,
          target_lang: row.target_lang,
          domain: row.domain,
          title: row.title,
          preview: row.preview,
          created_at: new Date(row.created_at).toISOString(),
          state: row.state,
          channel: row.channel,
          ...(row.file_id ? { file_id: row.file_id } : {}),
          ...(applied.types.has(row.type) ? { applied: applied.values.get(row.project_id) ?? null } : {}),
          ...(feedback.values.has(row.project_id) ? { feedback: feedback.values.get(row.project_id) } : {}),
        })),
        meta: { page: filter.page, per_page: HISTORY_PER_PAGE, total },
      };
    },

    /** One entry with its type's details (a text's sentences), for re-opening it. */
    async get(userId: number, projectId: string) {
      if (!UUID.test(projectId)) throw new NotFound('history.not_found');
      const entry = await deps.repo.find(await own(userId), projectId);
      if (!entry) throw new NotFound('history.not_found');
      const detail = await handlers.get(entry.type)?.detail?.(projectId, userId);
      return {
        project_id: entry.project_id,
        type: entry.type,
        source_lang: entry.source_lang,
        target_lang: entry.target_lang,
        domain: entry.domain,
        title: entry.title,
        created_at: new Date(entry.created_at).toISOString(),
        state: entry.state,
        ...(entry.file_id ? { file_id: entry.file_id } : {}),
        ...(detail ? { detail } : {}),
      };
    },

    async remove(userId: number, projectId: string) {
      if (!UUID.test(projectId)) throw new NotFound('history.not_found');
      const entry = await deps.repo.find(await own(userId), projectId);
      if (!entry) throw new NotFound('history.not_found');
      await removeProjects([entry], userId);
    },

    async removeAll(userId: number) {
      const entries = await deps.repo.listProjectsOf(await own(userId));
      return removeProjects(entries, userId);
    },

    getSettings: (userId: number) => deps.repo.getSettings(userId),

    saveSettings: (userId: number, autoDelete: AutoDelete) => deps.repo.saveSettings(userId, autoDelete, deps.now()),

    /** Deletes entries older than their owner's setting, in batches; safe to run twice. */
    async deleteExpired(batchSize = 500) {
      let total = 0;
      const now = deps.now();
      // What a member made for a team they have left is the team's now, not theirs to expire:
      // the teams module says who is in which team (asked once per user of the sweep).
      const teams = new Map<number, Promise<number | null>>();
      const teamOf = (userId: number) => {
        let team = teams.get(userId);
        if (!team) teams.set(userId, (team = deps.teamOf?.(userId) ?? Promise.resolve(null)));
        return team;
      };
      let after: { createdAt: Date; projectId: string } | undefined;
      for (;;) {
        const expired = await deps.repo.listExpired(now, batchSize, after);
        if (!expired.length) break;
        const last = expired.at(-1)!;
        after = { createdAt: new Date(last.created_at), projectId: last.project_id };
        const theirs = await Promise.all(expired.map(async (entry) => entry.team_id === null || (await teamOf(entry.user_id)) === entry.team_id));
        total += await removeProjects(expired.filter((_, index) => theirs[index]));
        if (expired.length < batchSize) break;
      }
      if (total) deps.logger.info({ deleted: total }, 'history entries deleted automatically');
      return total;
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
