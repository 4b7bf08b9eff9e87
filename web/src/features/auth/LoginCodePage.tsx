import { loginRedirectMs, type SecondFactor } from '@dealdesk/core';
import { Anchor } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { api } from '../../app/api.js';
import { useAuth } from '../../app/auth.js';
import { paths } from '../../app/paths.js';
import { session } from '../../app/session.js';
import { toastSuccess } from '../../ui/notify.js';
import { AuthLayout } from './AuthLayout.js';
import { CodeForm } from './CodeForm.js';

/** What step 1 hands the code step (router state, kept across a reload of the page). */
export interface LoginCodeState {
  secondFactor: SecondFactor;
}

/**
 * Step 2 of sign-in: the mailed code (or the authenticator app's, or a recovery code) swaps the
 * temporary token for the session token; the admin then lands on the page first asked for, or
 * home.
 */
export function LoginCodePage() {
  const { search, state } = useLocation() as { search: string; state: LoginCodeState | null };
  const authenticator = state?.secondFactor === 'totp';
  const auth = useAuth();
  if (session.token() === null) return <Navigate to={paths.login} replace />;

  const confirm = async (otp: string) => {
    const answer = await api.admin.loginOtp({ otp });
    if (!answer.status || answer.token === undefined) return answer.message;
    const token = answer.token;
    session.setToken(token);
    toastSuccess(answer.message);
    await new Promise((resolve) => setTimeout(resolve, loginRedirectMs));
    // Signed in, the sign-in routes redirect to the page first asked for (app/routes.tsx).
    auth.signedIn(token);
    return undefined;
  };

  return (
    <AuthLayout
      title="Enter your login code"
      subtitle={
        authenticator
          ? 'Enter the code your authenticator app shows, or one of your recovery codes.'
          : "We sent a one-time code to the admin's email address."
      }
      footer={
        <Anchor component={Link} to={paths.login + search}>
          Back to login
        </Anchor>
      }
    >
      <CodeForm submitLabel="Verify and sign in" onCode={confirm} authenticator={authenticator} />
    </AuthLayout>
  );
}
