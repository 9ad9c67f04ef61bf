import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { userKeys } from '../account/use-current-user';

export interface TeamMember {
  id: number | null;
  invitation_id?: number;
  name: string | null;
  email: string;
  role_id: string;
  invited: boolean;
  joined_at: string | null;
  expires_at?: string;
  /** This month's documents and website pages (owners and managers only). */
  usage?: { doc_requests_this_month: number; web_pages_this_month: number };
}

/** The team's usage against the owner's plan (owners and managers only). */
export interface TeamUsage {
  text_requests_today: number;
  daily_text_requests: number;
  doc_requests_this_month: number;
  monthly_doc_requests: number;
  web_pages_this_month: number;
  web_pages: number;
}

export interface Team {
  id: number;
  name: string;
  seats: number;
  seats_taken: number;
  llm_enabled: boolean;
  can_manage: boolean;
  members: TeamMember[];
  usage?: TeamUsage;
}

export const teamKeys = {
  all: ['team'] as const,
  current: () => [...teamKeys.all, 'current'] as const,
};

export function useTeam() {
  return useQuery({ queryKey: teamKeys.current(), queryFn: ({ signal }) => api.get<{ data: Team | null }>('/api/team', { signal }).then((r) => r.data) });
}

interface Answer {
  status: number;
  message?: string;
}

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
  };
}
