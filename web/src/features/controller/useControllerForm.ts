// The controller's typed fields (positions, Facebook, install link): each a small form whose
// values survive leaving (a draft), saved behind the captcha, its refusal shown in the form.
import type { ClientResult } from '@dealdesk/core';
import type { FormEvent } from 'react';
import { useFormState } from '../../ui/form.js';
import { useUnsavedChanges } from '../../ui/useUnsavedChanges.js';
import { useControllerChange } from './useControllerChange.js';

export function useControllerForm<Values extends object, Input, Answer extends object>(
  draftKey: string,
  initial: Values,
  call: (input: Input) => Promise<ClientResult<Answer>>,
  /** The screen's wording when the server gives none (spec section 8). */
  failed?: string,
) {
  const form = useFormState(initial);
  const draft = useUnsavedChanges(draftKey, form.values, form.dirty, form.setValues);
  const { change, isPending } = useControllerChange(call, {
    form,
    ...(failed === undefined ? {} : { failed }),
  });
  /** Submits: `check` answers the call's input (null when a field says why not). */
  const save =
    (check: (values: Values) => Input | null, question: (input: Input) => string) =>
    (event: FormEvent) => {
      event.preventDefault();
      const input = check(form.values);
      if (input !== null) void change(question(input), input);
    };
  return { form, draft, isPending, save };
}
