import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';

/** A 4xx answer will not change on a retry; network and server failures may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Calls go out whether or not the browser thinks it is online ('always'): TanStack Query's default pauses them while
 * it is offline, which left Translate saying "Translating…" with no word until the connection came back. Sent, a call
 * fails at once and the screen says Lisan could not be reached (ApiError.unreachable).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
