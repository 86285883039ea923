import type { PermissionResponse } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureStartupPromo } from '@/lib/startup-promo';
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
  captureStartupPromo(document.createElement('div'));
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

  it("keeps the promotion the server put in the page's cover, at the same place, until the app is in", async () => {
    // index.html as the server sends the home page: the site's first home banner in the start-up cover.
    const page = document.createElement('div');
    page.innerHTML =
      '<div class="ui-cover"><div class="ui-cover__promo"><img src="/wps/content/media/welcome.svg" alt="70% welcome bonus" width="1200" height="400"></div></div>';
    captureStartupPromo(page);
    serve(permissionFixture());
    const landing = deferred();
    const onOpen = vi.fn();
    const { container } = renderGate({ landing: landing.promise, onOpen });
    const picture = screen.getByRole('img', { name: '70% welcome bonus' });
    expect(picture.getAttribute('src')).toBe('/wps/content/media/welcome.svg');
    expect(picture.parentElement?.className).toBe('ui-cover__promo');
    // First in the cover, as in index.html, so nothing moves when the app's cover replaces the page's.
    expect(container.querySelector('.ui-cover')?.firstElementChild).toBe(picture.parentElement);
    // The configuration is in: the site's name would grow the cover's column and move the picture; it stays out.
    await vi.waitFor(() => expect(onOpen).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('img', { name: '70% welcome bonus' })).toBeTruthy();
    expect(container.querySelector('.ui-wordmark')).toBeNull();
    landing.resolve();
    expect(await screen.findByText('The app')).toBeTruthy();
    expect(screen.queryByRole('img', { name: '70% welcome bonus' })).toBeNull();
  });

  it('drops the picture when it cannot load (offline: the service worker keeps no API answers)', async () => {
    const page = document.createElement('div');
    page.innerHTML = '<div class="ui-cover__promo"><img src="/wps/content/media/gone.svg" alt="Gone"></div>';
    captureStartupPromo(page);
    serve(permissionFixture());
    const { container } = renderGate({ landing: deferred().promise });
    fireEvent.error(screen.getByRole('img', { name: 'Gone' }));
    await vi.waitFor(() => expect(container.querySelector('.ui-cover__promo')).toBeNull());
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('shows no picture in the cover when the page came without one', () => {
    captureStartupPromo(document.createElement('div'));
    serve(permissionFixture());
    const { container } = renderGate({ landing: deferred().promise });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(container.querySelector('.ui-cover__promo')).toBeNull();
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
