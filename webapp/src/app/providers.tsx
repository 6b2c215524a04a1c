import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { onUnauthorized } from '@/lib/api-client';
import { useSessionStore } from '@/entities/session/session-store';
import { createQueryClient } from './query-client';
import toasts from './toasts.module.css';
import { cssVariablesResolver, theme } from './theme';

/** Loads the session once and drops it whenever the server answers 401. */
function SessionBootstrap() {
  useEffect(() => {
    void useSessionStore.getState().fetchUser();
    return onUnauthorized(() => useSessionStore.getState().clearUser());
  }, []);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      {/* Spec §9: at most one toast at a time, 5 s by default, at most 420 px wide. */}
      <Notifications
        limit={1}
        autoClose={5000}
        position="bottom-right"
        containerWidth={420}
        className={toasts.toasts}
      />
      <QueryClientProvider client={queryClient}>
        <SessionBootstrap />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
