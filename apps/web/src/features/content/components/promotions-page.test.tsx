import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, mockApi } from '@/testing/fixtures';
import { announcementFixture, contentWrapper } from '../testing';
import { PromotionsPage, summaryOf } from './promotions-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PromotionsPage', () => {
  it('summarises the HTML as plain text, without markup or script', () => {
    expect(summaryOf('<p>Get <strong>5%</strong> back<script>alert(1)</script> &amp; more</p>')).toBe(
      'Get 5% back & more',
    );
    expect(summaryOf(`<p>${'word '.repeat(60)}</p>`, 20)).toBe('word word word word…');
  });

  it('shows the promotions as cards and leads from the details to the rewards centre', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          '/wps/relay/MCSFE_getListAnnouncements': () =>
            envelopeResponse({
              banners: [],
              player: [],
              popup: [],
              promotion: [
                announcementFixture({ id: 5, type: 'PR', title: 'Weekly cashback', content: '<p>5% back</p>' }),
              ],
              help: [],
            }),
        }),
      ),
    );
    render(<PromotionsPage />, { wrapper: contentWrapper('/promotions').wrapper });
    expect(await screen.findByRole('heading', { name: 'Weekly cashback' })).toBeTruthy();
    expect(screen.getByText('5% back')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    fireEvent.click(await screen.findByRole('button', { name: 'View promotion' }));
    expect(screen.getByTestId('location').textContent).toBe('/member?page=rewardCenter');
  });
});
