import { forgetPasswordSchema, textLimits } from '@dealdesk/core';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../app/api.js';
import { paths } from '../../app/paths.js';
import { session } from '../../app/session.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { useFormState } from '../../ui/form.js';
import { toastSuccess } from '../../ui/notify.js';
import { AuthLayout } from './AuthLayout.js';

/** Reset step 1: the admin's email; the server mails a code and answers a temporary reset token. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const form = useFormState({ a_email: '' });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.check(forgetPasswordSchema);
    if (input === null) return;
    setBusy(true);
    const answer = await api.admin.forgetPassword(input);
    setBusy(false);
    if (!answer.status || answer.token === undefined)
      return form.refuse(answer.message, answer.field);
    session.setResetToken(answer.token);
    toastSuccess(answer.message);
    void navigate(paths.resetCode);
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the admin's email address and we will send a verification code."
      footer={
        <Anchor component={Link} to={paths.login}>
          Back to login
        </Anchor>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <FormRefusal message={form.refusal} />
          <TextInput
            label="Email"
            maxLength={textLimits.email}
            type="email"
            autoComplete="email"
            required
            {...form.textField('a_email')}
          />
          <Button type="submit" loading={busy}>
            Send code
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
