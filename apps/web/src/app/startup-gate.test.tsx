import type { PermissionResponse } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, mockApi, permissionFixture } from '@/testing/fixtures';
import { AppProvider } from './provider';
import { StartupGate } from './startup-gate';

function serve(permission: PermissionResponse) {
  vi.stubGlobal('fetch', vi.fn(mockApi({ '/wps/system/whitelabel': () => envelopeResponse(permission) })));
}

function renderGate(props: { landing?: Promise<unknown> | null; onOpen?: (permission: PermissionResponse) => void }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProvider queryClient={queryClient}>
      <StartupGate {...props}>
        <p>The app</p>
      </StartupGate>
    </AppProvider>,
  );
}

/** A promise settled by the test. */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('start-up gate and the landing page', () => {
  it("keeps the cover until the landing page's code is in, and starts the frame's data as soon as the site is open", async () => {
    serve(permissionFixture());
    const landing = deferred();
    const onOpen = vi.fn();
    renderGate({ landing: landing.promise, onOpen });
    await vi.waitFor(() => expect(onOpen).toHaveBeenCalledTimes(1));
    expect(onOpen.mock.calls[0]?.[0]).toMatchObject({ info: { merchantCode: 'BDX88' } });
    // The configuration is in, the landing page's code is not: still the cover, not the app.
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('The app')).toBeNull();
    landing.resolve();
    expect(await screen.findByText('The app')).toBeTruthy();
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('a failed landing page still lets the app in (its route shows the failure)', async () => {
    serve(permissionFixture());
    renderGate({ landing: Promise.reject(new Error('chunk failed')) });
    expect(await screen.findByText('The app')).toBeTruthy();
  });

  it('shows maintenance without waiting for the landing page, and starts nothing for a closed site', async () => {
    serve(permissionFixture({ maintenance: true }));
    const onOpen = vi.fn();
    renderGate({ landing: new Promise(() => undefined), onOpen });
    expect(await screen.findByRole('heading', { level: 1, name: 'System maintenance' })).toBeTruthy();
    expect(onOpen).not.toHaveBeenCalled();
  });
});
