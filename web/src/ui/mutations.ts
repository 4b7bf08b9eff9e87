import type { ClientResult } from '@dealdesk/core';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { confirmWithCaptcha } from './captcha.js';
import { toastSuccess, unwrap } from './notify.js';

/**
 * A write call: shows the server's message (or `fallback` when it sends none), then reloads
 * the lists under `refresh`. Failures toast through the query client.
 */
export function useApiMutation<Input, Answer extends object>(
  call: (input: Input) => Promise<ClientResult<Answer>>,
  { refresh, fallback = 'Updated successfully' }: { refresh: QueryKey; fallback?: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => unwrap(await call(input)),
    onSuccess: async (answer) => {
      toastSuccess(answer.message === '' ? fallback : answer.message);
      await queryClient.invalidateQueries({ queryKey: refresh });
    },
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

/** Deletes after the screen's captcha; answers whether anything was deleted. */
export function useGuardedDelete(
  remove: (input: { id: string[] }) => Promise<ClientResult<object>>,
  { refresh, what, wrongAnswer }: { refresh: QueryKey; what: string; wrongAnswer: string },
) {
  const mutation = useApiMutation(remove, { refresh, fallback: 'Deleted successfully' });
  const run = async (ids: string[]): Promise<boolean> => {
    if (ids.length === 0) return false;
    const solved = await confirmWithCaptcha({
      title: ids.length === 1 ? `Delete this ${what}?` : `Delete ${ids.length} ${what}s?`,
      detail: 'This cannot be undone. Its files are deleted too.',
      confirmLabel: 'Delete',
      danger: true,
      wrongAnswer,
    });
    if (!solved) return false;
    await mutation.mutateAsync({ id: ids });
    return true;
  };
  return { run, isPending: mutation.isPending };
}
