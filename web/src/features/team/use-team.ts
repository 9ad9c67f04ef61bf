import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { StatusMessage } from '../../../../contract/common';
import type { TeamAnswer } from '../../../../contract/teams';
import { userKeys } from '../account/use-current-user';

// The answers' shapes come from the shared contract (contract/teams.ts).
export type { JoinedMember, Team, TeamMember, TeamUsage } from '../../../../contract/teams';

export const teamKeys = {
  all: ['team'] as const,
  current: () => [...teamKeys.all, 'current'] as const,
};

export function useTeam() {
  return useQuery({ queryKey: teamKeys.current(), queryFn: ({ signal }) => api.get<TeamAnswer>('/api/team', { signal }).then((r) => r.data) });
}

/** What the actions answer: a status and, all but POST /api/team, a message (some with data the screen does not read). */
type Answer = Pick<StatusMessage, 'status'> & Partial<Pick<StatusMessage, 'message'>>;

/** Every team action; each refreshes the team and the current user (role, plan, LLM switch). */
export function useTeamActions() {
  const queryClient = useQueryClient();
  const onSuccess = async () => {
    await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    await queryClient.invalidateQueries({ queryKey: userKeys.all });
  };
  const usePost = <I>(path: (input: I) => string, body: (input: I) => unknown = (input) => input) =>
    useMutation({ mutationFn: (input: I) => api.post<Answer>(path(input), body(input)), onSuccess });
  return {
    create: usePost<{ name: string }>(() => '/api/team'),
    invite: usePost<{ email: string; role_id: number }>(() => '/api/team/invite'),
    cancelInvitation: usePost<{ id: number }>((i) => `/api/team/invitations/${i.id}/delete`, () => ({})),
    updateMember: usePost<{ id: number; role_id: number }>((i) => `/api/team/members/${i.id}`, (i) => ({ role_id: i.role_id })),
    removeMember: usePost<{ id: number }>((i) => `/api/team/members/${i.id}/delete`, () => ({})),
    settings: usePost<{ llm_enabled: boolean }>(() => '/api/team/settings'),
    transfer: usePost<{ member_id: number }>(() => '/api/team/transfer'),
    dissolve: usePost<Record<string, never>>(() => '/api/team/delete'),
    leave: usePost<Record<string, never>>(() => '/api/team/leave'),
  };
}
