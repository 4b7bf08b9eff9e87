// Fields several sign-in pages ask for alike, so their limits and browser hints stay one: the
// admin ID (signing in, or choosing it on the invitation) and a new password typed twice (reset
// step 3, the invitation).
import { passwordMinLength, textLimits } from '@dealdesk/core';
import { PasswordInput, TextInput } from '@mantine/core';
import type { TextFieldProps } from '../../ui/form.js';

export function AdminIdInput({
  field,
  description,
}: {
  field: TextFieldProps;
  description?: string;
}) {
  return (
    <TextInput
      label="Admin ID"
      description={description}
      maxLength={textLimits.code}
      autoComplete="username"
      required
      {...field}
    />
  );
}

/** The part of a form (useFormState) that holds a new password and its confirmation. */
interface NewPasswordForm {
  textField: (key: 'password' | 'confirmPassword') => TextFieldProps;
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
        {...form.textField('password')}
      />
      <PasswordInput
        label={`Confirm ${label.toLowerCase()}`}
        maxLength={textLimits.password}
        autoComplete="new-password"
        required
        {...form.textField('confirmPassword')}
      />
    </>
  );
}
