import { Anchor } from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { resetApi } from '../../app/api.js';
import { paths } from '../../app/paths.js';
import { session } from '../../app/session.js';
import { toastSuccess } from '../../ui/notify.js';
import { AuthLayout } from './AuthLayout.js';
import { CodeForm } from './CodeForm.js';

/** Reset step 2: the mailed code, sent with the temporary reset token. */
export function ResetCodePage() {
  const navigate = useNavigate();
  if (session.resetToken() === null) return <Navigate to={paths.forgotPassword} replace />;

  const confirm = async (otp: string) => {
    const answer = await resetApi.admin.forgetPasswordOtp({ otp });
    if (!answer.status) return answer.message;
    toastSuccess(answer.message);
    void navigate(paths.newPassword);
    return undefined;
  };

  return (
    <AuthLayout
      title="Check your email"
      subtitle="Enter the verification code we sent to reset your password."
      footer={
        <Anchor component={Link} to={paths.forgotPassword}>
          Send a new code
        </Anchor>
      }
    >
      <CodeForm submitLabel="Verify code" onCode={confirm} />
    </AuthLayout>
  );
}
