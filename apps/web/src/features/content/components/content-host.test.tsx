import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '@/lib/i18n';
import { closeModal, openModal } from '@/lib/modals';
import { envelopeResponse, mockApi } from '@/testing/fixtures';
import { announcementFixture, contentWrapper } from '../testing';
import { ContentHost } from './content-host';

function serve() {
  const languages: string[] = [];
  const fetchMock = vi.fn(
    mockApi({
      '/wps/relay/MCSFE_getListAnnouncements': ({ init }) => {
        const language = new Headers(init.headers).get('language') ?? '';
        languages.push(language);
        const bn = language === 'bn';
        return envelopeResponse({
          banners: [],
          player: [
            announcementFixture({ id: 11, type: 'PL', title: bn ? 'নোটিশ এক' : 'Notice one' }),
            announcementFixture({ id: 12, type: 'PL', title: bn ? 'নোটিশ দুই' : 'Notice two' }),
          ],
          popup: [
            announcementFixture({ id: 1, title: bn ? 'সবার জন্য' : 'For everyone', audiences: ['A', 'B'] }),
            announcementFixture({ id: 2, title: 'Members only', audiences: ['A'] }),
          ],
          promotion: [],
          help: [],
        });
      },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return languages;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ContentHost', () => {
  it("opens the visitors' popups by themselves, once per session", async () => {
    serve();
    const { wrapper } = contentWrapper();
    const first = render(<ContentHost />, { wrapper });
    expect(await screen.findByRole('dialog', { name: 'Announcements' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'For everyone' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Members only' })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();

    // The next page view in the same session: no popup.
    render(<ContentHost />, { wrapper: contentWrapper().wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open again in a later session once marked "don\'t show again"', async () => {
    serve();
    const first = render(<ContentHost />, { wrapper: contentWrapper().wrapper });
    await screen.findByRole('dialog', { name: 'Announcements' });
    fireEvent.click(screen.getByRole('checkbox', { name: "Don't show again" }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    first.unmount();
    sessionStorage.clear();
    render(<ContentHost />, { wrapper: contentWrapper().wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('waits while another modal is open', async () => {
    serve();
    openModal('loginPopupModal');
    render(<ContentHost />, { wrapper: contentWrapper().wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => closeModal('loginPopupModal'));
    expect(await screen.findByRole('dialog', { name: 'Announcements' })).toBeTruthy();
  });

  it('opens the notice popup at the notice asked for', async () => {
    serve();
    sessionStorage.setItem('contentPopupShown', JSON.stringify(['B']));
    render(<ContentHost />, { wrapper: contentWrapper().wrapper });
    act(() => openModal('noticeModal', { noticeIndex: 1 }));
    expect(await screen.findByRole('dialog', { name: 'Notices' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Notice two' })).toBeTruthy();
  });

  it('loads the announcements again in the new language after a language change', async () => {
    const languages = serve();
    sessionStorage.setItem('contentPopupShown', JSON.stringify(['B']));
    render(<ContentHost />, { wrapper: contentWrapper().wrapper });
    await waitFor(() => expect(languages).toEqual(['en']));
    await act(() => chooseLanguage('bn'));
    await waitFor(() => expect(languages).toEqual(['en', 'bn']));
    act(() => openModal('noticeModal', { noticeIndex: 0 }));
    expect(await screen.findByRole('heading', { name: 'নোটিশ এক' })).toBeTruthy();
  });
});
