import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/react-query';

/** Renders the real console (providers, routes, session handling) at a path, with a fresh query cache. */
export function renderConsole(path = '/') {
  const queryClient = createQueryClient({ retry: false });
  return {
    queryClient,
    ...render(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProvider>,
    ),
  };
}
