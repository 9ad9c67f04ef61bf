import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditAction } from '../../../contract/admin';
import type { UserRow } from '../db/schema';
import { EmailNotVerified, Forbidden, Unauthorized } from './errors';
import type { ActorCache } from './actor-cache';
import { signedInHintFor, type SessionStore } from './sessions';

/**
 * Who may call a route, declared once in its options (`config: { access: 'admin' }`)
 * and checked here, in one place, before the handler runs.
 * - public: anyone; the actor is loaded when a session exists
 * - user: signed in (e-mail may be unverified)
 * - verified: signed in with a verified e-mail (450 otherwise)
 * - admin: role "1"
 */
export type Access = 'public' | 'user' | 'verified' | 'admin';

export const ROLE = { admin: 1, user: 2, owner: 3, manager: 4, member: 5 } as const;

/** A registered route: who may call it and what it answers (its `schema.response`). */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  response?: Record<string, unknown>;
}

export interface Actor {
  user: UserRow;
  sessionId: string;
  /** When the session began: its sign-up or sign-in. */
  sessionStartedAt: Date;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every route with its declared access, for the permission-matrix test and the docs. */
    routeAccess: RouteEntry[];
  }
}

export function registerAccess(app: FastifyInstance, deps: { sessions: SessionStore; loadUser(id: number): Promise<UserRow | undefined>; actors?: ActorCache }) {
  app.decorateRequest('actor', null);
  const table: RouteEntry[] = [];
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = (route.config as { access?: Access } | undefined)?.access ?? 'public';
    const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
    for (const method of methods) if (method !== 'HEAD') table.push({ method, url: route.url, access, ...(response ? { response } : {}) });
  });

  /** The session and its user: from the actor cache when recently seen, else from the database. */
  async function resolveActor(request: FastifyRequest) {
    const sessionId = deps.actors ? deps.sessions.sessionIdOf(request) : null;
    const cached = sessionId ? deps.actors!.get(sessionId) : undefined;
    if (cached) {
      request.sessionCache = cached.session;
      request.actor = { user: cached.user, sessionId: cached.session.id, sessionStartedAt: new Date(cached.session.created_at) };
      return;
    }
    const mark = deps.actors?.mark();
    const session = await deps.sessions.get(request);
    if (!session?.user_id) return;
    const user = await deps.loadUser(session.user_id);
    if (!user) return;
    request.actor = { user, sessionId: session.id, sessionStartedAt: new Date(session.created_at) };
    deps.actors?.set(session, user, mark);
  }

  app.addHook('preHandler', async (request: FastifyRequest) => {
    const access = request.routeOptions.config?.access ?? 'public';
    await resolveActor(request);
    if (access === 'public') return;
    if (!request.actor) throw new Unauthorized();
    if (access === 'user') return;
    if (!request.actor.user.email_verified_at) throw new EmailNotVerified();
    if (access === 'admin' && request.actor.user.role_id !== ROLE.admin) throw new Forbidden();
  });

  // The cookies follow what the session resolved to: the hint, a remembered session's expiry (http/sessions.ts).
  app.addHook('onSend', async (request, reply) => deps.sessions.syncCookies(request, reply, request.actor ? signedInHintFor(request.actor.user) : null));
}

/** The signed-in actor of a route whose access is not public. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new Unauthorized();
  return request.actor;
}

/** Who made an admin change and from where, for its audit log entry. */
export interface AdminContext {
  actor: Actor;
  ip: string | null;
}

/**
 * Writes one audit log row: the admin, the action, its target, the fields before and after. The
 * admin module writes it (createAuditWriter); the modules whose changes it records (plans,
 * content, engines) take it as a dependency, so none of them imports the admin module.
 */
export type AuditWriter = (context: AdminContext, action: AuditAction, target: { type: string; id: string | null }, before: unknown, after: unknown) => Promise<void>;

export function adminContext(request: FastifyRequest): AdminContext {
  return { actor: requireActor(request), ip: request.ip ?? null };
}
