import { useState } from 'react';
import { Isolated } from '../../components/isolated';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import { UsageMeters } from '../../components/usage-meters';
import { isolate } from '../../i18n/format';
import { useCurrentUser } from '../account/use-current-user';
import { teamLimitAdvice } from './team.fns';
import { useTeam, useTeamActions, type JoinedMember, type Team, type TeamUsage } from './use-team';

/** My team: members and invitations, invite, edit and remove members, the LLM switch. */
export function TeamPage() {
  const { t } = useTranslation('team');
  const team = useTeam();
  if (team.isPending) return <section className="container page-section"><p className="muted">{t('loading')}</p></section>;
  return <section className="container page-section team-page">{team.data ? <TeamView team={team.data} /> : <CreateTeam />}</section>;
}

function CreateTeam() {
  const { t } = useTranslation('team');
  const { create } = useTeamActions();
  const { showError } = useDialog();
  const [name, setName] = useState('');
  return (
    <div className="panel team-create">
      <h1>{t('create.title')}</h1>
      <p className="muted">{t('create.body')}</p>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { name },
            {
              onError: (error) => {
                // 402: the plan has no teams: say so and point to the plans.
                showError(error, undefined, t('upgrade.body'));
              },
            },
          );
        }}
      >
        <input value={name} onChange={(e) => setName(e.target.value)} placeholder={t('create.name')} aria-label={t('create.name')} required dir="auto" data-testid="team-name" />
        <button className="button button--primary" type="submit" disabled={create.isPending}>
          {t('create.submit')}
        </button>
      </form>
      <Link to="/pricing">{t('upgrade.seePlans')}</Link>
    </div>
  );
}

/** What the team used against the owner's plan: texts today (shared), documents, website pages and developer API characters this month. */
function TeamUsagePanel({ usage }: { usage: TeamUsage }) {
  const { t } = useTranslation('team');
  const rows = [
    { key: 'texts', label: t('usage.texts'), used: usage.text_requests_today, limit: usage.daily_text_requests },
    { key: 'documents', label: t('usage.documents'), used: usage.doc_requests_this_month, limit: usage.monthly_doc_requests },
    { key: 'pages', label: t('usage.pages'), used: usage.web_pages_this_month, limit: usage.web_pages },
    { key: 'apiCharacters', label: t('usage.apiCharacters'), used: usage.api_characters_this_month, limit: usage.monthly_api_characters },
  ] as const;
  return <UsageMeters title={t('usage.title')} rows={rows} testId="team-usage" testIdPrefix="team-usage" />;
}

function TeamView({ team }: { team: Team }) {
  const { t } = useTranslation('team');
  const { t: tMessages } = useTranslation('messages');
  const { data: user } = useCurrentUser();
  const actions = useTeamActions();
  const { showDialog, showError, ask } = useDialog();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('5');
  const isOwner = user?.role_id === '3';
  // A full team takes no new invitation (the server refuses it too): the form says why and cannot be sent, except to an
  // address with an open invitation, which is sent again in place of the old one and takes no new seat.
  const full = team.seats_taken >= team.seats;
  const resend = team.members.some((member) => member.invited && member.email.toLowerCase() === email.trim().toLowerCase());
  const done = (answer: { message?: string }) => answer.message && showDialog({ modalType: 'success', message: answer.message });
  // The API answers the spec's bare "updated successfully" for these; the screen says what happened.
  const said = (key: 'memberRoleChanged' | 'ownershipTransferred' | 'memberRemoved' | 'teamDissolved') => () => showDialog({ modalType: 'success', message: tMessages(`success.${key}`) });
  // A 402 is titled "Limit Exceeded" and says how to get more; a 422 (an invitation to someone already in the team, a
  // role that is not manager or member, a transfer to the owner) is titled with what to check, not the generic
  // "Something went wrong". Leaving or dissolving ends this
  // view (the team is gone once refetched), and with it `mutate`'s own callbacks: those two answer through
  // `mutateAsync`'s promise, which settles whatever is on the screen.
  const failedWith = (invalidTitle?: string) => (error: unknown) => {
    showError(error, isApiError(error) && error.status === 422 ? invalidTitle : undefined, teamLimitAdvice(error, t('upgrade.body')));
  };
  const failed = failedWith();

  // Removing a member, handing them the team, leaving and dissolving: none happens on one click. Every question is
  // 'danger': each is final (a transfer cannot be undone by the one who made it).
  const removeMember = async (member: JoinedMember) => {
    if (!(await ask({ ...t('remove.confirm', { returnObjects: true, name: isolate(member.name) }), tone: 'danger', testId: 'remove-confirm' }))) return;
    actions.removeMember.mutate({ id: member.id }, { onSuccess: said('memberRemoved'), onError: failed });
  };
  const transferTo = async (member: JoinedMember) => {
    if (!(await ask({ ...t('transferOwnership.confirm', { returnObjects: true, name: isolate(member.name) }), tone: 'danger', testId: 'transfer-confirm' }))) return;
    actions.transfer.mutate({ member_id: member.id }, { onSuccess: said('ownershipTransferred'), onError: failedWith(t('transferOwnership.invalidTitle')) });
  };
  const leaveTeam = async () => {
    if (await ask({ ...t('leave.confirm', { returnObjects: true }), tone: 'danger', testId: 'leave-confirm' })) void actions.leave.mutateAsync({}).then(done, failed);
  };
  const dissolveTeam = async () => {
    if (await ask({ ...t('dissolve.confirm', { returnObjects: true }), tone: 'danger', testId: 'dissolve-confirm' })) void actions.dissolve.mutateAsync({}).then(said('teamDissolved'), failed);
  };

  return (
    <>
      <header className="team-header">
        <h1>
          <Isolated kind="name">{team.name}</Isolated>
        </h1>
        <span className="pill" data-testid="team-seats">
          {t('seats', { taken: team.seats_taken, count: team.seats })}
        </span>
      </header>

      {team.usage && <TeamUsagePanel usage={team.usage} />}

      {team.can_manage && (
        <div className="team-tools">
          <form
            className="panel admin-form"
            data-testid="invite-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (full && !resend) return;
              actions.invite.mutate({ email, role_id: Number(role) }, { onSuccess: (a) => (setEmail(''), done(a)), onError: failedWith(t('invite.invalidTitle')) });
            }}
          >
            <h2>{t('invite.title')}</h2>
            {full && (
              // Why the form cannot be sent, and how to get seats (the owner buys them on the membership page).
              <p className="notice notice--warning" id="invite-seats-full" data-testid="seats-full">
                {t('seatLimit.full', { seats: team.seats })}{' '}
                {isOwner ? (
                  <Link to="/user/membership#seats" data-testid="add-seats-link">
                    {t('seatLimit.addSeats')}
                  </Link>
                ) : (
                  t('seatLimit.askOwner')
                )}
              </p>
            )}
            <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder={t('invite.email')} aria-label={t('invite.email')} required dir="ltr" data-testid="invite-email" />
            <select value={role} onChange={(e) => setRole(e.target.value)} aria-label={t('role')}>
              <option value="5">{t('roles.5')}</option>
              <option value="4">{t('roles.4')}</option>
            </select>
            <button
              className="button button--primary"
              type="submit"
              disabled={actions.invite.isPending || (full && !resend)}
              aria-describedby={full ? 'invite-seats-full' : undefined}
              data-testid="invite-submit"
            >
              {t('invite.submit')}
            </button>
          </form>
          <div className="panel admin-form">
            <h2>{t('llm.title')}</h2>
            <p className="muted">{t('llm.body')}</p>
            {user?.llm_mode === 'not_in_plan' ? (
              // The switch only matters on a plan with the LLM mode.
              // Only the owner buys plans (a manager's /pricing offers nothing to buy).
              <p data-testid="llm-not-in-plan">
                {isOwner ? (
                  <>
                    {t('llm.notInPlan')} <Link to="/pricing">{t('llm.plans')}</Link>
                  </>
                ) : (
                  t('llm.notInOwnersPlan')
                )}
              </p>
            ) : (
              <label className="checkbox">
                <input type="checkbox" checked={team.llm_enabled} onChange={(e) => actions.settings.mutate({ llm_enabled: e.target.checked }, { onError: failed })} data-testid="llm-switch" />
                {team.llm_enabled ? t('llm.on') : t('llm.off')}
              </label>
            )}
          </div>
        </div>
      )}

      {/* On a phone each member is a card, every cell labelled with its column but the actions, whose buttons name themselves (.table-cards). */}
      <div className="table-wrap table-cards">
        <table className="data-table" data-testid="team-members">
          <thead>
            <tr>
              <th>{t('name')}</th>
              <th>{t('email')}</th>
              <th>{t('role')}</th>
              <th>{t('status')}</th>
              {team.usage && <th>{t('usage.month')}</th>}
              {team.can_manage && <th>{t('actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {team.members.map((member) => {
              const isTeamOwner = member.role_id === '3';
              // A manager's own row: no role select and no "Remove" (which would sign them out); they leave below.
              const isSelf = !member.invited && member.id === user?.id;
              return (
                <tr key={member.invited ? `i${member.invitation_id}` : `m${member.id}`}>
                  {/* The direction is the content's, not the cell's: the cell's label stays on the page's start side.
                      On a desktop a long name or e-mail is cut with an ellipsis (.truncate-cell); the title gives it whole. */}
                  <td className="truncate-cell" data-label={t('name')}>
                    <Isolated kind="name" title={member.name ?? undefined} data-testid="member-name">
                      {member.name ?? '—'}
                    </Isolated>
                  </td>
                  <td className="truncate-cell" data-label={t('email')}>
                    <Isolated kind="email" title={member.email} data-testid="member-email">
                      {member.email}
                    </Isolated>
                  </td>
                  <td data-label={t('role')}>
                    {team.can_manage && !member.invited && !isTeamOwner && !isSelf ? (
                      <select
                        aria-label={t('role')}
                        value={member.role_id}
                        onChange={(e) =>
                          actions.updateMember.mutate({ id: member.id, role_id: Number(e.target.value) }, { onSuccess: said('memberRoleChanged'), onError: failedWith(t('roleChange.invalidTitle')) })
                        }
                      >
                        <option value="5">{t('roles.5')}</option>
                        <option value="4">{t('roles.4')}</option>
                      </select>
                    ) : (
                      t(`roles.${member.role_id}`, { defaultValue: member.role_id })
                    )}
                  </td>
                  <td data-label={t('status')}>{member.invited ? t('invited') : t('joined')}</td>
                  {team.usage && (
                    <td className="team-member-usage" data-testid="member-usage" data-label={t('usage.month')}>
                      {!member.invited && member.usage
                        ? t('usage.memberMonth', {
                            documents: t('usage.memberDocuments', { count: member.usage.doc_requests_this_month }),
                            pages: t('usage.memberPages', { count: member.usage.web_pages_this_month }),
                            characters: t('usage.memberCharacters', { count: member.usage.api_characters_this_month }),
                          })
                        : '—'}
                    </td>
                  )}
                  {team.can_manage && (
                    <td className="row-actions">
                      {member.invited && (
                        <button className="button button--ghost button--small" onClick={() => actions.cancelInvitation.mutate({ id: member.invitation_id }, { onError: failed })}>
                          {t('invite.cancel')}
                        </button>
                      )}
                      {!member.invited && !isTeamOwner && !isSelf && (
                        <button className="button button--ghost button--small" onClick={() => void removeMember(member)} data-testid="remove-member">
                          {t('remove.button')}
                        </button>
                      )}
                      {!member.invited && !isTeamOwner && isOwner && (
                        <button className="button button--ghost button--small" onClick={() => void transferTo(member)} data-testid="transfer-member">
                          {t('transfer')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {!isOwner && (
        // A manager or member leaves on their own (the owner hands the team over or dissolves it).
        <div className="panel danger-zone" data-testid="leave-team">
          <h2>{t('leave.title')}</h2>
          <p className="muted">{t('leave.body')}</p>
          <button
            className="button button--outline"
            data-testid="leave-team-button"
            disabled={actions.leave.isPending}
            onClick={() => void leaveTeam()}
          >
            {t('leave.button')}
          </button>
        </div>
      )}

      {isOwner && (
        <div className="panel danger-zone">
          <h2>{t('dissolve.title')}</h2>
          <p className="muted">{t('dissolve.body')}</p>
          <button
            className="button button--outline"
            data-testid="dissolve-team"
            onClick={() => void dissolveTeam()}
          >
            {t('dissolve.button')}
          </button>
        </div>
      )}
    </>
  );
}
