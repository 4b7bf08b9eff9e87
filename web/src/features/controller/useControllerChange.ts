// Every change of the controller screen, a rollback included: the captcha first (spec section
// 5), then the call; the settings, and the version history under them, reload once it is saved.
import type { ClientResult } from '@dealdesk/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { confirmWithCaptcha, type CaptchaRequest } from '../../ui/captcha.js';
import { toastSuccess, unwrapOr } from '../../ui/notify.js';
import { shownInForm } from '../../ui/form.js';
import { wrongAnswerFor } from '../../ui/wrong-answers.js';
import { controllerQuery } from './queries.js';
import { useAction } from '../../ui/mutations.js';

/** What the question says: its title, or more (a line on the consequence, the button's label). */
type ChangeQuestion = string | Omit<CaptchaRequest, 'wrongAnswer'>;

export function useControllerChange<Input, Answer extends object>(
  call: (input: Input) => Promise<ClientResult<Answer>>,
  {
    failed = 'Failed to update',
    saved = (answer) => answer.message,
    form,
  }: {
    /** The screen's wording when the server gives none, or cannot be reached (spec section 8). */
    failed?: string;
    /** The toast once saved; the server's message unless told. */
    saved?: (answer: ClientResult<Answer>, input: Input) => string;
    /** The form that shows a refusal where the problem is, instead of a toast (useFormState). */
    form?: { refused: (error: unknown) => void };
  } = {},
) {
  const queryClient = useQueryClient();
  const mutation = useAction({
    ...(form === undefined ? {} : { onError: form.refused, meta: shownInForm }),
    mutationFn: async (input: Input) =>
      unwrapOr(await call(input), { failed, unreachable: failed }),
    onSuccess: async (answer, input) => {
      toastSuccess(saved(answer, input));
      await queryClient.invalidateQueries({ queryKey: controllerQuery.queryKey });
    },
  });
  // A second click (a double click) while the question is open or the change is on its way
  // starts nothing: one question, one call.
  const busy = useRef(false);
  /** Asks, then saves; answers whether the change was saved. */
  const change = async (question: ChangeQuestion, input: Input): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    try {
      const request = typeof question === 'string' ? { title: question } : question;
      const solved = await confirmWithCaptcha({
        ...request,
        wrongAnswer: wrongAnswerFor.controller,
      });
      if (!solved) return false;
      return await mutation.mutateAsync(input).then(
        () => true,
        () => false,
      );
    } finally {
      busy.current = false;
    }
  };
  return { change, isPending: mutation.isPending };
}
