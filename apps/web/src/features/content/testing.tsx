import type { Announcement, PermissionResponse } from '@portal/contract';
import { ToastProvider } from '@portal/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { permissionQueryKey } from '@/lib/permission';
import { permissionFixture } from '@/testing/fixtures';
import '@/locales/content';

/** The whitelabel tree with the content switches on (announcements, inbox, feedback). */
export function contentPermission(): PermissionResponse {
  const node = (modId: string, childrenNodes: PermissionResponse['info']['whitelabel'] = []) => ({
    modId,
    enabled: true,
    childrenNodes,
  });
  const base = permissionFixture();
  return {
    ...base,
    info: {
      ...base.info,
      whitelabel: [
        node('MEMBER', [node('FEEDBACK3'), node('INBOX3')]),
        node('CONTENT', [node('ANNOUNCEMENT3'), node('HELPCENTER3')]),
      ],
    },
  };
}

export function announcementFixture(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 1,
    type: 'PU',
    title: 'Announcement',
    content: '<p>Body</p>',
    announcementImages: [],
    groupName: null,
    videoUrl: null,
    linkageType: 'NONE',
    linkage: null,
    audiences: ['A', 'B'],
    sort: 0,
    startAt: null,
    endAt: null,
    ...overrides,
  };
}

/** Shows the router's current location, for tests of links. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Query client with the permission loaded, toasts and a router: what content screens need above them. */
export function contentWrapper(path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionQueryKey, contentPermission());
  return {
    queryClient,
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ToastProvider labels={{ notifications: 'Notifications', dismiss: 'Dismiss' }}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route
                path="*"
                element={
                  <>
                    {children}
                    <LocationProbe />
                  </>
                }
              />
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    ),
  };
}
