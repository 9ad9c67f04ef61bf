// Shapes of the HTTP contract (shared/API.md) that the web app reads.

export type Language = 'en' | 'ar';

// The user's and the site's answers come from the shared contract (contract/users.ts,
// contract/auth.ts, contract/settings.ts).
export type { SocialProvider } from '../../../contract/auth';
export type { SiteSetting } from '../../../contract/settings';
export type { CompanyInfo, PersonalInfo, User, UserSettings } from '../../../contract/users';

/** Role ids travel as strings: "1" admin, "2" individual user, "3" owner, "4" manager, "5" member. */
export type RoleId = string;

// The plan shapes (GET /api/plans, the profile's `plan`) come from the shared contract (contract/plans.ts).
import type { Plan, PlanFeatureList, PlanLimits, UserPlan } from '../../../contract/plans';
export type { Plan, PlanFeatureList, PlanLimits, UserPlan };

/** Envelope of list answers: {"data": [...]}. */
export interface DataList<T> {
  data: T[];
}
