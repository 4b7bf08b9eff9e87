import { codeLength, otpSchema, recoveryCodeMaxChars, signInCodeSchema } from '@dealdesk/core';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFormState } from '../../ui/form.js';

/**
 * The 6-character code of sign-in and reset; `onCode` runs the step's call, and a refusal it
 * answers (a wrong code) stays beside the field until the code changes. With
 * `authenticator`, the sign-in code comes from the admin's authenticator app, or is a recovery
 * code.
 */
export function CodeForm({
  submitLabel,
  onCode,
  authenticator = false,
}: {
  submitLabel: string;
  /** Answers the server's refusal (its message), or nothing when the code went through. */
  onCode: (otp: string) => Promise<string | undefined>;
  authenticator?: boolean;
}) {
  const form = useFormState({ otp: '' });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = form.check(authenticator ? signInCodeSchema : otpSchema);
    if (code === null) return;
    setBusy(true);
    const refusal = await onCode(code.otp);
    setBusy(false);
    if (refusal !== undefined) form.refuse(refusal, 'otp');
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <TextInput
          label="Verification code"
          description={
            authenticator
              ? `The ${codeLength}-digit code from your authenticator app, or a recovery code`
              : `The ${codeLength}-digit code from your email`
          }
          autoComplete="one-time-code"
          inputMode={authenticator ? 'text' : 'numeric'}
          maxLength={authenticator ? recoveryCodeMaxChars : codeLength}
          required
          data-autofocus
          {...form.textField('otp')}
          styles={{ input: { letterSpacing: '0.4em', fontSize: 'var(--mantine-font-size-lg)' } }}
        />
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
