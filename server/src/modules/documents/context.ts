import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DocumentsConfig } from '../../config';
import type { DB, UserRow } from '../../db/schema';
import type { Entitlements, EntitlementsService } from '../entitlements/service';
import { ROLE } from '../../http/access';
import type { Lang, SegmentTranslator } from '../../engines/types';
import { DEFAULT_LIMITS, type FilterLimits } from '../../formats';
import type { DocumentFilterRunner } from '../../formats/sandbox';
import { EmailNotVerified, Invalid, NotFound } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import type { JobQueue } from '../../jobs/queue';
import type { MailService } from '../../mail/jobs';
import type { HistoryService } from '../history/service';
import type { FileStorage } from '../../storage/local';
import type { DocumentOwner, DocumentsRepo } from './repo';
import type { DocumentJobRow, DocumentJobState } from '../../db/tables/documents';

// The documents module's shared part: who is asking and what they may do, where a job's files
// live, its history entry. Internal to the module; callers use service.ts.

export type Requester =
  | { kind: 'user'; user: UserRow; locale: Locale; channel?: 'web' | 'api' }
  | { kind: 'guest'; token: string | undefined; ip: string; locale: Locale };

/** An upload received by the route, on local disk; the service removes it when done. */
export interface UploadedFile {
  path: string;
  fileName: string;
  size: number;
}

export interface TranslateDocumentInput {
  model: 'general' | 'business' | 'legal' | 'ecommerce' | 'llm';
  frontendModel: string;
  source_lang: Lang | 'auto';
  target_lang?: Lang;
  /**
   * The format asked for the result (the developer API's `output_format`): refused unless it is
   * what Lisan writes for the file (outputFormatAllowed), before the document is counted.
   */
  output_format?: string;
}

export interface EffectiveLimits {
  maxBytes: number;
  maxMb: number;
  words: number;
  formats: string[];
  monthlyDocuments: number;
  llm: boolean;
  /** The team's manager switched the LLM mode off. */
  llmDisabledByTeam: boolean;
  trialExpired: boolean;
  entitlements: Entitlements;
}

export interface DocumentsDeps {
  repo: DocumentsRepo;
  storage: FileStorage;
  filters: DocumentFilterRunner;
  translate: SegmentTranslator;
  mail: MailService;
  queue: JobQueue;
  /** A signed-in user's document is a `document` entry of their history (history module). */
  history: Pick<HistoryService, 'record' | 'updateState' | 'registerType'>;
  findUser(id: number): Promise<UserRow | undefined>;
  /** Plans, trials, features, limits and the usage ledger (entitlements module). */
  entitlements: EntitlementsService;
  /** The user's team, if any (teams module). */
  teamOf(user: UserRow): Promise<{ teamId: number; llmEnabled: boolean } | null>;
  now: () => Date;
  logger: Logger;
  /** guestRetentionHours: how long a guest's finished document is kept (GUEST_TEXT_RETENTION_HOURS). */
  config: DocumentsConfig & { appUrl: string; tempDir: string; guestRetentionHours: number };
}

export const MIB = 1024 * 1024;

const GUEST_TOKEN = /^[A-Za-z0-9_-]{8,128}$/;

/** Who a signed-in user's document belongs to (access checks). */
export const userDocumentOwner = (user: { id: number }): DocumentOwner => ({ userId: user.id });

export type DocumentsContext = ReturnType<typeof createDocumentsContext>;

/** The helpers the documents files share, over one set of dependencies. */
export function createDocumentsContext(deps: DocumentsDeps) {
  const { repo, storage, filters, now, logger, config } = deps;
  const filterLimits: FilterLimits = { ...DEFAULT_LIMITS, maxPdfPages: config.maxPdfPages };

  function ownerOf(requester: Requester): DocumentOwner {
    if (requester.kind === 'user') return userDocumentOwner(requester.user);
    if (!requester.token || !GUEST_TOKEN.test(requester.token)) throw Invalid.field('token', 'documents.guest_token_required');
    return { guestToken: requester.token, guestIp: requester.ip };
  }

  function assertAllowed(requester: Requester) {
    if (requester.kind === 'user' && !requester.user.email_verified_at) throw new EmailNotVerified();
  }

  /** The requester's limits, from the entitlements module (the guest settings for guests). */
  async function limitsFor(requester: Requester): Promise<EffectiveLimits> {
    const entitlements = await deps.entitlements.entitlementsFor(requester.kind === 'user' ? { user: requester.user } : { guest: { token: requester.token, ip: requester.ip } });
    const { limits, features } = entitlements;
    return {
      maxMb: limits.maxFileMb,
      maxBytes: Math.min(limits.maxFileMb, config.maxUploadMb) * MIB,
      words: limits.docWords,
      formats: features.formats,
      monthlyDocuments: limits.documentsPerMonth,
      llm: features.llmInPlan,
      llmDisabledByTeam: features.llmDisabledByTeam,
      trialExpired: entitlements.trial.expired,
      entitlements,
    };
  }

  /**
   * The owner, or the owner's team owner or manager (API.md "Documents"). Anyone else is told
   * there is no such document (404, as for an unknown id), not that it exists and is someone else's.
   */
  async function assertCanSee(job: DocumentJobRow, requester: Requester) {
    if (requester.kind === 'guest') {
      if (requester.token && job.user_id === null && job.guest_token === requester.token) return;
      throw new NotFound();
    }
    if (job.user_id === requester.user.id) return;
    const manages = requester.user.role_id === ROLE.owner || requester.user.role_id === ROLE.manager;
    if (manages && job.user_id !== null) {
      const owner = await deps.findUser(job.user_id);
      const [mine, theirs] = await Promise.all([deps.teamOf(requester.user), owner ? deps.teamOf(owner) : null]);
      if (mine && theirs && mine.teamId === theirs.teamId) return;
    }
    throw new NotFound();
  }

  /**
   * How the job's unit goes back to the ledger, in the month it was taken (for the caller's
   * transaction: the entitlements are read before it); null when its user is gone.
   */
  async function quotaGiveBack(job: DocumentJobRow): Promise<((executor: Kysely<DB>) => Promise<void>) | null> {
    const user = job.user_id ? await deps.findUser(job.user_id) : undefined;
    if (job.user_id && !user) return null;
    const entitlements = await deps.entitlements.entitlementsFor(user ? { user } : { guest: { token: job.guest_token, ip: job.guest_ip ?? '' } });
    return (executor) => deps.entitlements.giveBack(entitlements, 'documents', new Date(job.created_at), 1, executor);
  }

  const folderOf = (job: DocumentJobRow) => path.posix.dirname(job.source_key);
  const segmentsKey = (job: DocumentJobRow) => `${folderOf(job)}/segments.json`;

  /** The user's history entry follows the job's state (guests have none). */
  async function historyState(job: DocumentJobRow, state: DocumentJobState, fileId?: string | null) {
    if (!job.user_id) return;
    await deps.history.updateState(job.project_id, { state, ...(fileId !== undefined ? { fileId } : {}) });
  }

  return { deps, repo, storage, filters, now, logger, config, filterLimits, ownerOf, assertAllowed, limitsFor, assertCanSee, quotaGiveBack, folderOf, segmentsKey, historyState };
}
