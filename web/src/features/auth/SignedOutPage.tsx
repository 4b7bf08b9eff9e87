import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { paths, signInReturn } from '../../app/paths.js';
import { AuthLayout } from './AuthLayout.js';

/** Any path other than the sign-in routes while signed out (spec section 2). */
export function SignedOutPage() {
  const { pathname, search } = useLocation();
  return (
    <AuthLayout
      title="Please log in"
      subtitle="This page is part of the Dealdesk back-office. Log in as an administrator to open it."
    >
      <Button component={Link} to={paths.login + signInReturn.query(pathname + search)}>
        Go to login
      </Button>
    </AuthLayout>
  );
}
