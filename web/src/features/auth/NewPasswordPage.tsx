import { newPasswordFormSchema, resetRedirectMs } from '@dealdesk/core';
import { Button, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { resetApi } from '../../app/api.js';
import { paths } from '../../app/paths.js';
import { session } from '../../app/session.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { useFormState } from '../../ui/form.js';
import { toastSuccess } from '../../ui/notify.js';
import { NewPasswordInputs } from './AccountFields.js';
import { AuthLayout } from './AuthLayout.js';

/** Reset step 3: the new password; the reset token is spent and dropped, then back to login. */
export function NewPasswordPage() {
  const navigate = useNavigate();
  const form = useFormState({ password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  if (session.resetToken() === null && !busy) {
    return <Navigate to={paths.forgotPassword} replace />;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.check(newPasswordFormSchema);
    if (input === null) return;
    setBusy(true);
    const answer = await resetApi.admin.newPassword({ password: input.password });
    if (!answer.status) {
      setBusy(false);
      return form.refuse(answer.message, answer.field);
    }
    session.clearResetToken();
    toastSuccess(answer.message);
    await new Promise((resolve) => setTimeout(resolve, resetRedirectMs));
    void navigate(paths.login, { replace: true });
  };

  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Choose a password you have not used here before."
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <FormRefusal message={form.refusal} />
          <NewPasswordInputs form={form} label="New password" />
          <Button type="submit" loading={busy}>
            Save new password
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
