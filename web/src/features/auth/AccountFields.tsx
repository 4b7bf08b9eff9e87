// Fields several sign-in pages ask for alike, so their limits and browser hints stay one: the
// admin ID (signing in, or choosing it on the invitation) and a new password typed twice (reset
// step 3, the invitation).
import { passwordMinLength, textLimits } from '@dealdesk/core';
import { PasswordInput, TextInput } from '@mantine/core';
import type { FieldErrors } from '../../ui/form.js';

export function AdminIdInput({
  value,
  error,
  onChange,
  description,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  description?: string;
}) {
  return (
    <TextInput
      label="Admin ID"
      description={description}
      maxLength={textLimits.code}
      autoComplete="username"
      required
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The part of a form (useFormState) that holds a new password and its confirmation. */
interface NewPasswordForm {
  values: { password: string; confirmPassword: string };
  errors: FieldErrors;
  set: (key: 'password' | 'confirmPassword', value: string) => void;
}

/** `label` and "Confirm <label>", the core's minimum said under the first. */
export function NewPasswordInputs({ form, label }: { form: NewPasswordForm; label: string }) {
  return (
    <>
      <PasswordInput
        label={label}
        description={`At least ${passwordMinLength} characters`}
        maxLength={textLimits.password}
        autoComplete="new-password"
        required
        value={form.values.password}
        error={form.errors.password}
        onChange={(event) => form.set('password', event.currentTarget.value)}
      />
      <PasswordInput
        label={`Confirm ${label.toLowerCase()}`}
        maxLength={textLimits.password}
        autoComplete="new-password"
        required
        value={form.values.confirmPassword}
        error={form.errors.confirmPassword}
        onChange={(event) => form.set('confirmPassword', event.currentTarget.value)}
      />
    </>
  );
}
