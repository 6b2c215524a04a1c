import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onUnauthorized } from '@/lib/api-client';
import { keepFocusThroughLoading } from '@/lib/keep-focus-through-loading';
import { useSessionStore } from '@/entities/session/session-store';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

// The toast container (transitions, swipe-to-dismiss) is not part of the first page's
// JavaScript; it loads right after and shows any toast raised meanwhile.
const ToastContainer = lazy(() => import('./toast-container'));

/** Loads the session once and drops it whenever the server answers 401; keeps the focus on
 *  a button through its loading (lib/keep-focus-through-loading.ts). */
function SessionBootstrap() {
  useEffect(() => {
    void useSessionStore.getState().fetchUser();
    return onUnauthorized(() => useSessionStore.getState().clearUser());
  }, []);
  useEffect(() => keepFocusThroughLoading(), []);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Suspense fallback={null}>
        <ToastContainer />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <SessionBootstrap />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
