import { bannerCarousel } from '@portal/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, mockApi } from '@/testing/fixtures';
import { announcementFixture, contentWrapper } from '../testing';
import { BannerCarousel, bannerCarouselSettings, HomeBanners } from './banner-carousel';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('banner carousel', () => {
  it('loops and turns every 5000 ms when there are several banners', () => {
    const settings = bannerCarouselSettings(3);
    expect(settings.options.loop).toBe(true);
    expect(settings.autoplay?.delay).toBe(bannerCarousel.autoplayMs);
    expect(bannerCarousel.autoplayMs).toBe(5000);
  });

  it('stands still with a single banner', () => {
    const settings = bannerCarouselSettings(1);
    expect(settings.options.loop).toBe(false);
    expect(settings.autoplay).toBeNull();
  });

  it('shows arrows and dots only for several banners, and links a promotion to the rewards centre', () => {
    const banners = [
      announcementFixture({ id: 1, type: 'B', title: 'Welcome bonus', groupName: 'w_home', linkageType: 'PROMOTION' }),
      announcementFixture({
        id: 2,
        type: 'B',
        title: 'Live casino',
        groupName: 'w_home',
        linkageType: 'ROUTE',
        linkage: '/live',
      }),
    ];
    const { wrapper } = contentWrapper();
    const view = render(<BannerCarousel banners={banners} label="Featured" />, { wrapper });
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Show slide/ })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Welcome bonus' }).getAttribute('href')).toBe('/member?page=rewardCenter');
    expect(screen.getByRole('link', { name: 'Live casino' }).getAttribute('href')).toBe('/live');
    view.unmount();
    render(<BannerCarousel banners={[banners[0] as (typeof banners)[number]]} label="Featured" />, { wrapper });
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
  });

  it('adds no heading of its own on the home page: the home route holds the one h1', async () => {
    const banner = announcementFixture({
      id: 1,
      type: 'B',
      title: 'Welcome bonus',
      groupName: 'w_home',
      linkageType: 'PROMOTION',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          '/wps/relay/MCSFE_getListAnnouncements': () =>
            envelopeResponse({ banners: [banner], player: [], popup: [], promotion: [], help: [] }),
        }),
      ),
    );
    render(<HomeBanners />, { wrapper: contentWrapper('/').wrapper });
    expect(await screen.findByRole('link', { name: 'Welcome bonus' })).toBeTruthy();
    expect(screen.queryAllByRole('heading', { level: 1 })).toHaveLength(0);
  });

  it('reports the first screen once the first banner image has arrived and been painted, not before', async () => {
    // Fresh modules: the report is once per page.
    vi.resetModules();
    const { whenFirstScreenReady } = await import('@/lib/first-screen');
    const { HomeBanners: FreshHomeBanners } = await import('./banner-carousel');
    const { contentWrapper: freshWrapper } = await import('../testing');
    let reported = false;
    void whenFirstScreenReady().then(() => {
      reported = true;
    });
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false);
    const banner = announcementFixture({
      id: 1,
      type: 'B',
      title: 'Welcome bonus',
      groupName: 'w_home',
      announcementImages: [{ url: '/wps/content/media/welcome-bonus.svg', sequence: 1 }],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          '/wps/relay/MCSFE_getListAnnouncements': () =>
            envelopeResponse({ banners: [banner], player: [], popup: [], promotion: [], help: [] }),
        }),
      ),
    );
    const view = render(<FreshHomeBanners />, { wrapper: freshWrapper('/').wrapper });
    const image = await waitFor(() => {
      const found = view.container.querySelector('.content-banner img');
      if (!found) throw new Error('no banner image yet');
      return found;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reported).toBe(false);
    fireEvent.load(image);
    await waitFor(() => expect(reported).toBe(true));
  });
});
