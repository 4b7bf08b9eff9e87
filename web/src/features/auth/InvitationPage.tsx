// /admin/panel/invite?token=...: the invitee's page, opened from the invitation email. The
// code from the same email, an admin ID and a password make the account; then the usual sign-in.
import { codeLength, invitationAcceptSchema, newPasswordFormSchema } from '@dealdesk/core';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../app/api.js';
import { paths } from '../../app/paths.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { useFormState, validate } from '../../ui/form.js';
import { toastSuccess } from '../../ui/notify.js';
import { AdminIdInput, NewPasswordInputs } from './AccountFields.js';
import { AuthLayout } from './AuthLayout.js';

export function InvitationPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const form = useFormState({ code: '', a_id: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { confirmPassword, ...fields } = form.values;
    // Both checks' messages at once: the fields, and whether the passwords match.
    const answer = validate(invitationAcceptSchema, { ...fields, token });
    const passwords = validate(newPasswordFormSchema, {
      password: fields.password,
      confirmPassword,
    });
    if (!answer.ok || !passwords.ok) {
      form.setErrors({
        ...(passwords.ok ? {} : passwords.errors),
        ...(answer.ok ? {} : answer.errors),
      });
      return;
    }
    setBusy(true);
    const accepted = await api.admin.acceptInvitation(answer.data);
    setBusy(false);
    if (!accepted.status) return form.refuse(accepted.message, accepted.field);
    toastSuccess(accepted.message);
    void navigate(paths.login, { replace: true });
  };

  return (
    <AuthLayout
      title="Join Dealdesk"
      subtitle="You were invited to administer Dealdesk. Choose how you will sign in."
    >
      {token === '' ? (
        <Alert color="orange" title="The link is incomplete">
          Open the link from the invitation email as it is, or ask an administrator for a new
          invitation.
        </Alert>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <FormRefusal message={form.refusal} />
            <TextInput
              label="Invitation code"
              description="The code in the invitation email"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={codeLength}
              required
              {...form.textField('code')}
            />
            <AdminIdInput description="What you will sign in with" field={form.textField('a_id')} />
            <NewPasswordInputs form={form} label="Password" />
            <Button type="submit" loading={busy}>
              Create my account
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
