import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider } from './auth.js';
import { paths } from './paths.js';
import { createQueryClient } from './query-client.js';
import { AppRoutes } from './routes.js';
import { readableText, theme } from './theme.js';

const Toasts = lazy(async () => ({ default: (await import('./Toasts.js')).Toasts }));

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
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
