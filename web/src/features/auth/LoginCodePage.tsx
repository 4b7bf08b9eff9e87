import { loginRedirectMs } from '@dealdesk/core';
import { Anchor } from '@mantine/core';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { api } from '../../app/api.js';
import { useAuth } from '../../app/auth.js';
import { paths } from '../../app/paths.js';
import { session } from '../../app/session.js';
import { toastError, toastSuccess } from '../../ui/notify.js';
import { AuthLayout } from './AuthLayout.js';
import { CodeForm } from './CodeForm.js';

/** Step 2 of sign-in: the mailed code swaps the temporary token for the session token. */
export function LoginCodePage() {
  const navigate = useNavigate();
  const auth = useAuth();
  if (session.token() === null) return <Navigate to={paths.login} replace />;

  const confirm = async (otp: string) => {
    const answer = await api.admin.loginOtp({ otp });
    if (!answer.status || answer.token === undefined) return toastError(answer.message);
    const token = answer.token;
    session.setToken(token);
    toastSuccess(answer.message);
    await new Promise((resolve) => setTimeout(resolve, loginRedirectMs));
    auth.signedIn(token);
    void navigate(paths.home, { replace: true });
  };

  return (
    <AuthLayout
      title="Enter your login code"
      subtitle="We sent a one-time code to the admin's email address."
      footer={
        <Anchor component={Link} to={paths.login}>
          Back to login
        </Anchor>
      }
    >
      <CodeForm submitLabel="Verify and sign in" onCode={confirm} />
    </AuthLayout>
  );
}
