import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from './auth.js';
import { paths } from './paths.js';
import { createQueryClient } from './query-client.js';
import { AppRoutes } from './routes.js';
import { readableText, theme } from './theme.js';

const Toasts = lazy(async () => ({ default: (await import('./Toasts.js')).Toasts }));

/**
 * The toasts' container comes with the first toast (the store keeps it until then), so no screen
 * waits for its code; once there it stays, so the last toast still fades out.
 */
function ToastsOnceNeeded() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

export function App() {
  // The query client sends unreachable changes to /Error through the router made below.
  const toErrorPage = useRef<() => void>(() => undefined);
  const [queryClient] = useState(() => createQueryClient(() => toErrorPage.current()));
  // A data router (one catch-all route; the screens keep their <Routes>), so that a form with
  // unsaved changes can hold a navigation back (useBlocker, ui/useUnsavedChanges.tsx).
  const [router] = useState(() =>
    createBrowserRouter([
      {
        path: '*',
        element: (
          <AuthProvider queryClient={queryClient}>
            <AppRoutes />
          </AuthProvider>
        ),
      },
    ]),
  );
  useEffect(() => {
    toErrorPage.current = () => void router.navigate(paths.error);
  }, [router]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableText} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'en', firstDayOfWeek: 0 }}>
        <QueryClientProvider client={queryClient}>
          <ToastsOnceNeeded />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
