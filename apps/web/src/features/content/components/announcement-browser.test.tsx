import { announcementPager, noticePager, rewardCenterPath } from '@portal/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { announcementFixture, contentWrapper } from '../testing';
import { AnnouncementBrowser } from './announcement-browser';

const many = Array.from({ length: 20 }, (_, index) =>
  announcementFixture({ id: index + 1, title: `Notice ${index + 1}`, content: `<p>Body ${index + 1}</p>` }),
);

function renderBrowser(props: Partial<Parameters<typeof AnnouncementBrowser>[0]> = {}) {
  const onClose = vi.fn();
  const { wrapper } = contentWrapper();
  render(
    <AnnouncementBrowser title="Announcements" items={many} pager={announcementPager} onClose={onClose} {...props} />,
    { wrapper },
  );
  return { onClose };
}

const titles = () =>
  within(screen.getByRole('navigation', { name: 'Titles' }))
    .getAllByRole('button')
    .filter((button) => button.className.includes('content-browser__title'))
    .map((button) => button.textContent);

describe('AnnouncementBrowser', () => {
  it('lists 9 titles per page and shows the selected one in the detail pane', () => {
    renderBrowser();
    expect(titles()).toEqual(Array.from({ length: 9 }, (_, index) => `Notice ${index + 1}`));
    expect(screen.getByRole('heading', { name: 'Notice 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Notice 4' }));
    expect(screen.getByRole('heading', { name: 'Notice 4' })).toBeTruthy();
    expect(screen.getByText('Body 4')).toBeTruthy();
  });

  it('pages with the pager (range 5: all three pages shown) and selects the first title of the page', () => {
    renderBrowser();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(titles()).toEqual(['Notice 19', 'Notice 20']);
    expect(screen.getByRole('heading', { name: 'Notice 19' })).toBeTruthy();
  });

  it('opens the notice popup at the index clicked, on its page, with a range-1 pager', () => {
    renderBrowser({ initialIndex: 10, pager: noticePager });
    expect(screen.getByRole('heading', { name: 'Notice 11' })).toBeTruthy();
    expect(titles()[0]).toBe('Notice 10');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('sanitises the HTML again before showing it', () => {
    renderBrowser({
      items: [
        announcementFixture({
          title: 'Hostile',
          content: '<p onclick="alert(1)">Safe text<script>alert(2)</script><a href="javascript:alert(3)">x</a></p>',
        }),
      ],
    });
    const html = document.querySelector('.content-html');
    expect(html?.innerHTML).toBe('<p>Safe text<a>x</a></p>');
  });

  it('sends a promotion to the rewards centre and closes', () => {
    const { onClose } = renderBrowser({
      items: [announcementFixture({ title: 'Bonus', linkageType: 'PROMOTION' })],
    });
    fireEvent.click(screen.getByRole('button', { name: 'View promotion' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe(rewardCenterPath);
  });

  it('opens site links inside the HTML in the app', () => {
    const { onClose } = renderBrowser({
      items: [announcementFixture({ content: '<p><a href="/member?page=rewardCenter">rewards</a></p>' })],
    });
    fireEvent.click(screen.getByRole('link', { name: 'rewards' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/member?page=rewardCenter');
  });
});
