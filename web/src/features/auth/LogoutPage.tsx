import { Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../app/api.js';
import { useAuth } from '../../app/auth.js';
import { paths } from '../../app/paths.js';

/** /Logout: ends the server session, forgets local and session storage, goes to login. */
export function LogoutPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Whatever the server answers, this browser is signed out.
    void api.admin.logout().finally(() => {
      auth.signedOut();
      void navigate(paths.login, { replace: true });
    });
  }, [auth, navigate]);

  return (
    <Center h="100vh">
      <Loader aria-label="Signing out" />
    </Center>
  );
}
