import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { permissionQueryKey } from '@/lib/permission';
import { envelopeResponse, mockApi, permissionFixture } from '@/testing/fixtures';
import { announcementFixture, contentWrapper } from '../testing';
import { NoticeMarquee } from './notice-marquee';

const list = (player: ReturnType<typeof announcementFixture>[]) => ({
  banners: [],
  player,
  popup: [],
  promotion: [],
  help: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('notice marquee', () => {
  it('keeps its row with a greeting when there are no notices, so the home page does not move', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(mockApi({ '/wps/relay/MCSFE_getListAnnouncements': () => envelopeResponse(list([])) })),
    );
    const { wrapper } = contentWrapper('/');
    const { container } = render(<NoticeMarquee />, { wrapper });
    // The row is there from the first render (reserved while loading) ...
    expect(container.querySelector('.content-marquee')).not.toBeNull();
    // ... and stays once the (empty) answer is in.
    const bar = await screen.findByRole('region', { name: 'Notices' });
    expect(bar.classList.contains('content-marquee')).toBe(true);
    expect(bar.textContent).toContain('New notices from the site appear here');
  });

  it('keeps its row when the notices cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(mockApi({})));
    const { wrapper } = contentWrapper('/');
    render(<NoticeMarquee />, { wrapper });
    expect(await screen.findByRole('region', { name: 'Notices' })).toBeTruthy();
  });

  it('greets in its row when announcements are switched off for the site', async () => {
    const fetchMock = vi.fn(mockApi({}));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper, queryClient } = contentWrapper('/');
    queryClient.setQueryData(permissionQueryKey, permissionFixture());
    render(<NoticeMarquee />, { wrapper });
    expect(await screen.findByRole('region', { name: 'Notices' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('scrolls the notice titles when there are some', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          '/wps/relay/MCSFE_getListAnnouncements': () =>
            envelopeResponse(list([announcementFixture({ id: 7, type: 'PL', title: 'Maintenance on Tuesday' })])),
        }),
      ),
    );
    const { wrapper } = contentWrapper('/');
    render(<NoticeMarquee />, { wrapper });
    expect(await screen.findByRole('button', { name: 'Open notice: Maintenance on Tuesday' })).toBeTruthy();
  });
});
