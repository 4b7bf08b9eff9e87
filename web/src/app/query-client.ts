import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { messageOf, toastError } from '../ui/notify.js';
import { networkErrorMessage } from '@dealdesk/core';

/** Every failed call shows its message once, wherever it was made. */
export function createQueryClient(): QueryClient {
  const report = (error: unknown) => toastError(messageOf(error, networkErrorMessage));
  return new QueryClient({
    queryCache: new QueryCache({
      // Background polls (server load) only log their failures (spec section 8).
      onError: (error, query) => (query.meta?.['silent'] === true ? undefined : report(error)),
    }),
    mutationCache: new MutationCache({ onError: report }),
    defaultOptions: {
      // A false status is an answer, not a hiccup: asking again would only repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
