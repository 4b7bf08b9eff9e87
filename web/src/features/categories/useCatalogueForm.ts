import type { ApiClient, ClientResult } from '@dealdesk/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldErrors } from '../../ui/form.js';
import { useSubmission } from '../../ui/mutations.js';
import { toastSuccess, unwrapOr } from '../../ui/notify.js';
import { categoryFailure } from './messages.js';
import { refreshCatalogue } from './queries.js';

/**
 * The state both catalogue forms share: the draft and its errors, fresh file slots after each
 * save (their check marks included), and a save that says the screen's success message, goes
 * back to adding and refreshes every catalogue list.
 */
export function useCatalogueForm<Draft extends object>(
  blank: Draft,
  initial: Draft,
  onDone: () => void,
) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [slotKey, setSlotKey] = useState(0);
  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const reset = () => {
    setDraft(blank);
    setErrors({});
    setSlotKey((key) => key + 1);
    onDone();
  };
  const submission = useSubmission();
  const save = useMutation({
    mutationFn: async ({
      send,
    }: {
      /** The call, through the submission's client (see useSubmission). */
      send: (client: ApiClient) => Promise<ClientResult<object>>;
      success: string;
    }) => unwrapOr(await send(submission.client()), categoryFailure),
    onSuccess: async (_answer, { success }) => {
      submission.done();
      toastSuccess(success);
      reset();
      await refreshCatalogue(queryClient);
    },
  });
  return { draft, set, errors, setErrors, slotKey, reset, save };
}
