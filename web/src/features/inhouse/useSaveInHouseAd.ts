import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../app/api.js';
import { paths } from '../../app/paths.js';
import { shownInForm } from '../../ui/form.js';
import { useAction, useSubmission } from '../../ui/mutations.js';
import { ApiFailure, toastSuccess, unwrapOr } from '../../ui/notify.js';
import { uploadFailure } from './answers.js';
import { inHouseQueries } from './queries.js';
import type { InHouseSubmit } from './InHouseAdForm.js';

/** A call that got no answer at all goes to the error page (spec section 8). */
export function useErrorPageWhenUnreachable() {
  const navigate = useNavigate();
  return (error: unknown) => {
    if (error instanceof ApiFailure && error.httpStatus === 0) void navigate(paths.error);
  };
}

/**
 * Creates or edits an in-house ad with the screens' own success and failure wording; a refusal
 * is shown in the form, and a save that cannot reach the server goes to /Error like every
 * change (app/query-client.ts).
 */
export function useSaveInHouseAd(onSaved?: () => void) {
  const queryClient = useQueryClient();
  const submission = useSubmission();
  const save = useAction({
    mutationFn: async (submit: InHouseSubmit) =>
      unwrapOr(
        await (submit.mode === 'create'
          ? submission.client().inHouseAds.create(submit.request)
          : api.inHouseAds.edit(submit.request)),
        uploadFailure,
      ),
    onSuccess: async (answer) => {
      submission.done();
      toastSuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: inHouseQueries.all });
      onSaved?.();
    },
    // The form shows a refusal (InHouseAdForm), from the promise submit answers.
    meta: shownInForm,
  });
  const submit = (request: InHouseSubmit) => save.mutateAsync(request);
  return { submit, isPending: save.isPending };
}
