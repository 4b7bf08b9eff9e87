import { newIdempotencyKey, type ApiClient, type ClientResult } from '@dealdesk/core';
import {
  useMutation,
  useQueryClient,
  type MutateOptions,
  type QueryKey,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { useRef } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
import { api } from '../app/api.js';
import { confirmWithCaptcha, typedConfirmationAbove } from './captcha.js';
import { shownInForm } from './form.js';
import { toastSuccess, unwrap, unwrapOr, type FailureTexts, type NoticeLink } from './notify.js';

/** What a created item's notice links to: the screen of the item. */
export interface CreatedLink {
  label: string;
  path: string;
}

/** The success notice's link to a created item, followed through the app's router. */
export function useNoticeLink(): (created: CreatedLink | undefined) => NoticeLink | undefined {
  const navigate = useNavigate();
  const base = useHref('/');
  return (created) =>
    created === undefined
      ? undefined
      : {
          label: created.label,
          href: `${base.replace(/\/$/, '')}${created.path}`,
          open: () => void navigate(created.path),
        };
}

/**
 * One form's submissions: `client()` sends the submission's Idempotency-Key with its POSTs, the
 * same for a double click or a retry, so the server creates or sends once; `done()` after a
 * success starts the next submission with a new key.
 */
export function useSubmission() {
  const key = useRef('');
  if (key.current === '') key.current = newIdempotencyKey();
  return {
    client: (): ApiClient => api.withIdempotencyKey(key.current),
    done: () => {
      key.current = newIdempotencyKey();
    },
  };
}

/**
 * useMutation for an action button: a repeat of the call under way starts nothing. The second
 * click of a double click reaches the page before the button re-renders busy (the browser runs
 * input before timers), so the call with the same input while it runs is dropped (`mutate`) or
 * answered with the running call (`mutateAsync`); a call for another row or value still runs.
 */
export function useAction<Answer, Input = void>(options: UseMutationOptions<Answer, Error, Input>) {
  const mutation = useMutation(options);
  const running = useRef(new Map<string, Promise<Answer>>());
  const mutateAsync = (input: Input, callbacks?: MutateOptions<Answer, Error, Input>) => {
    const key = String(JSON.stringify(input));
    const under = running.current.get(key);
    if (under !== undefined) return under;
    const call = mutation.mutateAsync(input, callbacks).finally(() => {
      running.current.delete(key);
    });
    running.current.set(key, call);
    return call;
  };
  // Failures are shown by the query client's mutation cache, as for useMutation's mutate.
  const mutate = (input: Input, callbacks?: MutateOptions<Answer, Error, Input>) => {
    mutateAsync(input, callbacks).catch(() => undefined);
  };
  return { ...mutation, mutate, mutateAsync };
}

/**
 * A write call: shows the server's message (its call's success message, declared in core), then reloads
 * the lists under `refresh`. Failures toast through the query client, or show in `form`. A call that creates or
 * sends uses the `client` it is given, so its submission's key goes with it (useSubmission).
 */
export function useApiMutation<Input, Answer extends object>(
  call: (input: Input, client: ApiClient) => Promise<ClientResult<Answer>>,
  {
    refresh,
    failure,
    form,
    created,
  }: {
    refresh: QueryKey;
    /** The screen's wording when the server gives none, or cannot be reached (spec section 8). */
    failure?: FailureTexts;
    /**
     * The form that shows a refusal where the problem is, instead of a toast (useFormState); or
     * `shownInForm` when the form reads it from the call's promise (useFormState's saved).
     */
    form?: { refused: (error: unknown) => void } | typeof shownInForm;
    /** For a call that creates: the notice links to the item made. */
    created?: (answer: ClientResult<Answer>) => CreatedLink | undefined;
  },
) {
  const queryClient = useQueryClient();
  const submission = useSubmission();
  const linkTo = useNoticeLink();
  return useAction({
    mutationFn: async (input: Input) => {
      const result = await call(input, submission.client());
      return failure === undefined ? unwrap(result) : unwrapOr(result, failure);
    },
    onSuccess: async (answer) => {
      submission.done();
      toastSuccess(answer.message, linkTo(created?.(answer)));
      await queryClient.invalidateQueries({ queryKey: refresh });
    },
    ...(form === undefined ? {} : { meta: shownInForm }),
    ...(form !== undefined && 'refused' in form ? { onError: form.refused } : {}),
  });
}

/** Whether a mutation went through (its failure was already shown as a toast). */
export async function succeeded(call: Promise<unknown>): Promise<boolean> {
  try {
    await call;
    return true;
  } catch {
    return false;
  }
}

/** What a delete confirmation asks: one item by its kind and name, several by their count. */
export function deleteTitle(what: string, ids: readonly string[], nameOf?: NameOf): string {
  if (ids.length !== 1) return `Delete ${ids.length} ${plural(what)}?`;
  const name = nameOf?.(ids[0] ?? '');
  return name === undefined || name === '' ? `Delete this ${what}?` : `Delete ${what} '${name}'?`;
}

type NameOf = (id: string) => string | undefined;

const plural = (what: string) => (what.endsWith('y') ? `${what.slice(0, -1)}ies` : `${what}s`);

/** Deletes after the screen's captcha; answers whether anything was deleted. */
export function useGuardedDelete(
  remove: (input: { id: string[] }) => Promise<ClientResult<object>>,
  {
    refresh,
    what,
    wrongAnswer,
    nameOf,
  }: { refresh: QueryKey; what: string; wrongAnswer: string; nameOf?: NameOf },
) {
  const mutation = useApiMutation(remove, { refresh });
  const run = async (ids: string[]): Promise<boolean> => {
    if (ids.length === 0) return false;
    const solved = await confirmWithCaptcha({
      title: deleteTitle(what, ids, nameOf),
      detail: 'This cannot be undone. Its files are deleted too.',
      confirmLabel: 'Delete',
      danger: true,
      wrongAnswer,
      typeAdmin: ids.length > typedConfirmationAbove,
    });
    if (!solved) return false;
    await mutation.mutateAsync({ id: ids });
    return true;
  };
  return { run, isPending: mutation.isPending };
}
