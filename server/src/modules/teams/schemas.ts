import { z } from 'zod';
import { passwordsMatch } from '../../../../contract/auth';
import { requiredString, formNumber } from '../../http/validation';

export const createTeamBody = z.object({ name: requiredString('validation.name_required').max(120) });

/** A team role a manager may give: manager (4) or member (5); anything else, or none, asks for one of them. */
const role = z.number({ error: 'teams.role_invalid' }).pipe(z.union([z.literal(4), z.literal(5)], { error: 'teams.role_invalid' }));

export const inviteBody = z.object({
  email: requiredString('validation.email_required').pipe(z.email({ error: 'validation.email_format' })),
  role_id: formNumber(role).default(5),
});

export const memberParams = z.object({ id: formNumber(z.number().int().positive()) });

export const updateMemberBody = z.object({
  role_id: formNumber(role),
});

export const teamSettingsBody = z.object({ llm_enabled: z.boolean() });

const memberError = { error: 'teams.member_invalid' };
export const transferBody = z.object({ member_id: formNumber(z.number(memberError).int(memberError).positive(memberError)) });

const password = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.password_required' : undefined) })
  .min(1, { error: 'validation.password_required' })
  .min(8)
  .max(200);

/** POST /api/create-user: accept an invitation with a new account. */
export const createUserBody = z.intersection(
  z.object({
    token: requiredString('teams.invitation_invalid').max(200),
    name: requiredString('validation.name_required').max(120),
    password,
    password_confirmation: z.string({ error: 'validation.password_confirmation_required' }).min(1, { error: 'validation.password_confirmation_required' }),
  }),
  passwordsMatch('teams.password_mismatch'),
);

export const acceptBody = z.object({ token: requiredString('teams.invitation_invalid').max(200) });

/** GET /api/team/invitations/lookup: the link's token (an empty or overlong one is a 422, as on the accept routes). */
export const lookupQuery = z.object({ token: requiredString('teams.invitation_invalid').max(200) });
