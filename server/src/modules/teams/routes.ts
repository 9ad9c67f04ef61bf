import { statusMessage } from '../../../../contract/common';
import { accountCreated, invitationAccepted, invitationLookup, invitationSent, memberUpdated, teamAnswer, teamCreated, teamSettingsSaved } from '../../../../contract/teams';
import { requireActor } from '../../http/access';
import { resolveLocale } from '../../http/locale';
import { answers, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { t } from '../../i18n/messages';
import { acceptBody, createTeamBody, createUserBody, inviteBody, lookupQuery, memberParams, teamSettingsBody, transferBody, updateMemberBody } from './schemas';
import type { TeamsService } from './service';

const config = { access: 'verified' as const };

export function teamsRoutes(app: App, deps: { teams: TeamsService }) {
  const ok = (request: Parameters<typeof resolveLocale>[0]) => ({ status: 200, message: t(resolveLocale(request), 'admin.updated') });

  app.get('/api/team', { config, schema: answers(teamAnswer) }, async (request) => ({ data: await deps.teams.getTeam(requireActor(request)) }));

  app.post('/api/team', { config, schema: answers({ 201: teamCreated }) }, async (request, reply) => {
    const body = parseInput(createTeamBody, request.body);
    return reply.code(201).send({ status: 201, data: await deps.teams.createTeam(requireActor(request), body) });
  });

  app.post('/api/team/invite', { config, schema: answers(invitationSent) }, async (request) => {
    const body = parseInput(inviteBody, request.body);
    const invitation = await deps.teams.invite(requireActor(request), { email: body.email, roleId: body.role_id }, resolveLocale(request));
    return { status: 200, message: t(resolveLocale(request), 'teams.invitation_sent'), data: invitation };
  });

  app.post('/api/team/invitations/:id/delete', { config, schema: answers(statusMessage) }, async (request) => {
    await deps.teams.cancelInvitation(requireActor(request), parseInput(memberParams, request.params).id);
    return ok(request);
  });

  app.post('/api/team/invitations/accept', { config, schema: answers(invitationAccepted) }, async (request) => {
    const body = parseInput(acceptBody, request.body);
    return { ...ok(request), data: await deps.teams.acceptAsUser(requireActor(request), body.token) };
  });

  app.post('/api/team/members/:id', { config, schema: answers(memberUpdated) }, async (request) => {
    const { id } = parseInput(memberParams, request.params);
    const body = parseInput(updateMemberBody, request.body);
    return { ...ok(request), data: await deps.teams.updateMember(requireActor(request), id, { roleId: body.role_id }) };
  });

  app.post('/api/team/members/:id/delete', { config, schema: answers(statusMessage) }, async (request) => {
    await deps.teams.removeMember(requireActor(request), parseInput(memberParams, request.params).id);
    return ok(request);
  });

  // A manager or member leaves the team (the owner transfers or dissolves it instead).
  app.post('/api/team/leave', { config, schema: answers(statusMessage) }, async (request) => {
    await deps.teams.leaveTeam(requireActor(request));
    return { status: 200, message: t(resolveLocale(request), 'teams.left') };
  });

  app.post('/api/team/settings', { config, schema: answers(teamSettingsSaved) }, async (request) => {
    const body = parseInput(teamSettingsBody, request.body);
    return { ...ok(request), data: await deps.teams.updateSettings(requireActor(request), { llmEnabled: body.llm_enabled }) };
  });

  app.post('/api/team/transfer', { config, schema: answers(statusMessage) }, async (request) => {
    const body = parseInput(transferBody, request.body);
    await deps.teams.transferOwnership(requireActor(request), body.member_id);
    return ok(request);
  });

  app.post('/api/team/delete', { config, schema: answers(statusMessage) }, async (request) => {
    await deps.teams.dissolve(requireActor(request));
    return ok(request);
  });

  // Public, rate-limited per address: what an invitation link is, asked by the invitation page before it offers the
  // sign-up form or Join. The session, when there is one, says whether its user could join.
  app.get('/api/team/invitations/lookup', { schema: answers(invitationLookup) }, async (request) => {
    const { token } = parseInput(lookupQuery, request.query);
    return { data: await deps.teams.lookupInvitation(token, { ip: request.ip, user: request.actor?.user ?? null }) };
  });

  // Public, rate-limited per address like sign-up: the invitation token is the credential. The client then signs in
  // with POST /mt/login.
  app.post('/api/create-user', { schema: answers({ 201: accountCreated }) }, async (request, reply) => {
    const body = parseInput(createUserBody, request.body);
    const result = await deps.teams.acceptWithNewAccount({ token: body.token, name: body.name, password: body.password }, { ip: request.ip, locale: resolveLocale(request) });
    return reply.code(201).send({ status: 201, message: t(resolveLocale(request), 'teams.account_created'), data: result });
  });
}
