import type { ApiClient, ClientResult } from '@dealdesk/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormState } from '../../ui/form.js';
import { useAction, useSubmission } from '../../ui/mutations.js';
import { toastSuccess, unwrapOr } from '../../ui/notify.js';
import { useUnsavedChanges } from '../../ui/useUnsavedChanges.js';
import { categoryFailure, refreshCatalogue } from '../../app/catalogue.js';

/**
 * The state both catalogue forms share: the draft and its errors (guarded against leaving,
 * kept under `draftKey`), fresh file slots after each save (their previews included), and a
 * save that says the screen's success message, goes back to adding and refreshes every
 * catalogue list.
 */
export function useCatalogueForm<Draft extends object>(
  blank: Draft,
  initial: Draft,
  onDone: () => void,
  draftKey: string,
) {
  const queryClient = useQueryClient();
  const form = useFormState<Draft>(initial);
  const kept = useUnsavedChanges(draftKey, form.values, form.dirty, form.setValues);
  const [slotKey, setSlotKey] = useState(0);
  const reset = () => {
    form.reset(blank);
    setSlotKey((key) => key + 1);
    onDone();
  };
  const submission = useSubmission();
  const save = useAction({
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
  const { values: draft, set, errors, setErrors } = form;
  return { draft, set, errors, setErrors, slotKey, reset, save, kept };
}
