import { codeLength, otpSchema } from '@dealdesk/core';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useFormState } from '../../ui/form.js';

/** The 6-character code of sign-in and reset; `onCode` runs the step's call. */
export function CodeForm({
  submitLabel,
  onCode,
}: {
  submitLabel: string;
  onCode: (otp: string) => Promise<void>;
}) {
  const form = useFormState({ otp: '' });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = form.check(otpSchema);
    if (code === null) return;
    setBusy(true);
    await onCode(code.otp);
    setBusy(false);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <TextInput
          label="Verification code"
          description={`The ${codeLength}-digit code from your email`}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={codeLength}
          required
          data-autofocus
          value={form.values.otp}
          error={form.errors.otp}
          onChange={(event) => form.set('otp', event.currentTarget.value)}
          styles={{ input: { letterSpacing: '0.4em', fontSize: 'var(--mantine-font-size-lg)' } }}
        />
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
