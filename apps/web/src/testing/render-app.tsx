import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { StartupGate } from '@/app/startup-gate';

/** Renders the real app (providers, start-up gate, routes) at a path, with a fresh query cache. */
export function renderApp(path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProvider queryClient={queryClient}>
      <StartupGate>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </StartupGate>
    </AppProvider>,
  );
}
