import type { PermissionResponse } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { prefetchFirstScreen } from './layout/root-layout';
import { AppProvider } from './provider';
import { AppRouter, landingRouteLoaded } from './router';
import { StartupGate } from './startup-gate';

/** The start-up gate, the router below it, and the frame's first data started as soon as the site is known open. */
function Startup() {
  const queryClient = useQueryClient();
  const onOpen = useCallback(
    (permission: PermissionResponse) => prefetchFirstScreen(queryClient, permission),
    [queryClient],
  );
  return (
    <StartupGate landing={landingRouteLoaded} onOpen={onOpen}>
      <AppRouter />
    </StartupGate>
  );
}

export function App() {
  return (
    <AppProvider>
      <Startup />
    </AppProvider>
  );
}
