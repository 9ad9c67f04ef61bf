import type { Scenario } from './types';

/** Issue 2: data every page loads at start-up. */
export const foundationScenarios: Scenario[] = [
  { name: 'GET /api/plans', path: '/api/plans', target: { minRequestsPerSecond: 3000, maxP99Ms: 15 } },
  { name: 'GET /api/site-settings', path: '/api/site-settings', target: { minRequestsPerSecond: 3000, maxP99Ms: 15 } },
];
