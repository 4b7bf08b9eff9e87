import { textLimits } from '@dealdesk/core';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../app/api.js';
import { paths } from '../../app/paths.js';
import { session } from '../../app/session.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { useFormState } from '../../ui/form.js';
import { toastSuccess } from '../../ui/notify.js';
import { AdminIdInput } from './AccountFields.js';
import { AuthLayout } from './AuthLayout.js';
import type { LoginCodeState } from './LoginCodePage.js';

/** Step 1 of sign-in: admin ID and password; the server mails a code and answers a temporary token. */
export function LoginPage() {
  const navigate = useNavigate();
  // The page first asked for rides along to the code step (see signInReturn).
  const { search } = useLocation();
  const form = useFormState({ a_id: '', a_password: '' });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { loginSchema } = await import('./login-schema.js');
    const credentials = form.check(loginSchema);
    if (credentials === null) return;
    setBusy(true);
    const answer = await api.admin.login(credentials);
    setBusy(false);
    if (!answer.status || answer.token === undefined)
      return form.refuse(answer.message, answer.field);
    session.setToken(answer.token);
    toastSuccess(answer.message);
    // The code step asks for what step 1 said: the mailed code or the authenticator app's.
    const state: LoginCodeState = { secondFactor: answer.secondFactor ?? 'email' };
    void navigate(paths.loginCode + search, { state });
  };

  return (
    <AuthLayout title="Admin Login" subtitle="Sign in to the Dealdesk back-office.">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <FormRefusal message={form.refusal} />
          <AdminIdInput field={form.textField('a_id')} />
          <PasswordInput
            label="Password"
            maxLength={textLimits.password}
            autoComplete="current-password"
            required
            {...form.textField('a_password')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              Forget ?
            </Anchor>
            <Button type="submit" loading={busy}>
              Login
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthLayout>
  );
}
