import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiFailure, messageOf, toastError } from '../ui/notify.js';
import { networkErrorMessage } from '@dealdesk/core';

/**
 * Every failed call shows its message once, wherever it was made: in its form when a form
 * shows it (`meta: shownInForm`), else as a toast. A change that could not reach the server at
 * all (the spec's thrown error) also goes to the error page, as the spec has most screens do; a mutation with `meta: { stayOnFailure: true }` stays (ad units, whose
 * failures the spec only logs). Lists stay too and offer Retry (ui/LoadError.tsx).
 */
export function createQueryClient(toErrorPage: () => void = () => undefined): QueryClient {
  const report = (error: unknown) => toastError(messageOf(error, networkErrorMessage));
  return new QueryClient({
    queryCache: new QueryCache({
      // Background polls (server load) only log their failures (spec section 8).
      onError: (error, query) => (query.meta?.['silent'] === true ? undefined : report(error)),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const unreachable = error instanceof ApiFailure && error.httpStatus === 0;
        const leaves = unreachable && mutation.meta?.['stayOnFailure'] !== true;
        // A form says it beside the field or at its top, where it stays (ui/form.ts); unless the
        // screen leaves for the error page, taking the form with it: then a toast says it.
        if (mutation.meta?.['shownInForm'] !== true || leaves) report(error);
        if (leaves) toErrorPage();
      },
    }),
    defaultOptions: {
      // A false status is an answer, not a hiccup: asking again would only repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
