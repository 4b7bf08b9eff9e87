// Forms validate with the core's zod schemas, so the browser says what the server would.
import { useState, type ChangeEvent, type SetStateAction } from 'react';
import type { z } from 'zod';
import { networkErrorMessage } from '@dealdesk/core';
import { ApiFailure, messageOf } from './notify.js';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * A mutation's `meta` when its form shows its refusals (useFormState's refused): the query
 * client then shows no toast for them (app/query-client.ts).
 */
export const shownInForm = { shownInForm: true } as const;

export type Validation<S extends z.ZodType> =
  { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors };

/** The schema's verdict on the values: the parsed data, or the first message of each field. */
export function validate<S extends z.ZodType>(schema: S, values: unknown): Validation<S> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * After a refused save, the admin lands on the first field that says why: scrolled into view
 * and focused (fields show their message through aria-invalid, Mantine's error prop). Waits a
 * frame so the messages are rendered first.
 */
export function focusFirstInvalid(): void {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('main [aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  });
}

/** What a text input takes from a form (useFormState's textField). */
export interface TextFieldProps {
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** The keys of a form's values that hold text. */
type TextKey<Values> = {
  [K in keyof Values]: Values[K] extends string ? K : never;
}[keyof Values] &
  string;

const hasErrors = (errors: FieldErrors) => Object.values(errors).some((error) => error);

/** Whether a form's values differ from where it started (for useUnsavedChanges). */
export const changedFrom = (values: unknown, start: unknown): boolean =>
  JSON.stringify(values) !== JSON.stringify(start);

/**
 * Form values with their field errors; editing a field clears its error. `dirty` says whether
 * the values differ from where the form started (or was last reset): what useUnsavedChanges
 * guards.
 */
export function useFormState<Values extends object>(initial: Values | (() => Values)) {
  const [values, setValues] = useState<Values>(initial);
  const [start, setStart] = useState<Values>(values);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  /** A refusal of the whole form, shown at its top (FormRefusal) until the input changes. */
  const [refusal, setRefusal] = useState<string | undefined>();
  /** Shows messages; new ones bring the first invalid field into view (see focusFirstInvalid). */
  const setErrors = (next: SetStateAction<FieldErrors>) => {
    setErrorsState(next);
    if (typeof next !== 'function' && hasErrors(next)) focusFirstInvalid();
  };
  const set = <Key extends keyof Values>(key: Key, value: Values[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrorsState((current) => ({ ...current, [key]: undefined }));
    setRefusal(undefined);
  };
  /** Several fields at once (shared field groups hand back what changed). */
  const patch = (changes: Partial<Values>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrorsState((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !(key in changes))),
    );
    setRefusal(undefined);
  };
  /** Validates; on failure shows the messages and answers null. */
  const check = <S extends z.ZodType>(schema: S, input: unknown = values): z.output<S> | null => {
    const verdict = validate(schema, input);
    if (verdict.ok) return verdict.data;
    setErrors(verdict.errors);
    return null;
  };
  /** After a save or a cancel: these values (the start by default) are the clean form again. */
  const reset = (next: Values = start) => {
    setValues(next);
    setStart(next);
    setErrorsState({});
    setRefusal(undefined);
  };
  /**
   * A refusal stays where the problem is, never only in a toast that fades: beside the field
   * it names (brought into view), else at the top of the form. `name` maps the server's path
   * to the form's.
   */
  const refuse = (
    message: string,
    field?: string,
    name: (errors: FieldErrors) => FieldErrors = (e) => e,
  ) => {
    const named = field === undefined ? {} : name({ [field]: message });
    if (hasErrors(named)) setErrors(named);
    else setRefusal(message);
  };
  /** A save the server refused (an ApiFailure; anything else as the network error). */
  const refused = (error: unknown, name?: (errors: FieldErrors) => FieldErrors) => {
    if (error instanceof ApiFailure) refuse(error.message, error.field, name);
    else refuse(messageOf(error, networkErrorMessage));
  };
  /**
   * Whether a save the form's screen makes went through: its refusal is shown here (the
   * screen's call then carries `meta: shownInForm`, so no toast doubles it).
   */
  const saved = async (save: Promise<unknown>): Promise<boolean> => {
    try {
      await save;
      return true;
    } catch (error) {
      refused(error);
      return false;
    }
  };
  /**
   * The schema's verdict where one message stands for several blank fields ('Please fill all
   * the fields'): that message is said once, at the top of the form, and the fields it
   * concerns are only marked (see markOf). Answers the data, or null.
   */
  const checkAll = <S extends z.ZodType>(
    schema: S,
    input: unknown,
    summary: string,
    name: (errors: FieldErrors) => FieldErrors = (e) => e,
  ): z.output<S> | null => {
    const verdict = validate(schema, input);
    if (verdict.ok) return verdict.data;
    setErrors(name(verdict.errors));
    setRefusal(Object.values(verdict.errors).includes(summary) ? summary : undefined);
    return null;
  };
  /** A text field's value, message and change, for `{...form.textField('name')}`. */
  const textField = <K extends TextKey<Values>>(key: K): TextFieldProps => ({
    value: values[key] as string,
    error: errors[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, event.currentTarget.value as Values[K]),
  });
  const dirty = changedFrom(values, start);
  return {
    values,
    setValues,
    errors,
    setErrors,
    refusal,
    set,
    patch,
    check,
    checkAll,
    reset,
    refuse,
    refused,
    saved,
    textField,
    dirty,
  };
}
