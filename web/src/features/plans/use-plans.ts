import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { PlanList } from '../../../../contract/plans';
import { splitPlansByLanguage } from './plans.fns';

export const planKeys = {
  all: ['plans'] as const,
  public: () => [...planKeys.all, 'public'] as const,
};

/** GET /api/plans, loaded once at start-up and kept (spec section 4). */
export const plansQuery = queryOptions({
  queryKey: planKeys.public(),
  queryFn: async ({ signal }) => (await api.get<PlanList>('/api/plans', { signal }))?.data ?? [],
  staleTime: Infinity,
});

/** The plans, split into the English and the Arabic display lists. */
export function usePlans() {
  return useQuery({ ...plansQuery, select: splitPlansByLanguage });
}
