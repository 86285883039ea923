import type { OperatorRedemption } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const redemption: OperatorRedemption = {
  id: 31,
  goodsId: 7,
  goodsName: 'Travel mug',
  imageUrl: null,
  points: '2000',
  address: 'House 12, Road 5, Dhaka',
  mobile: '+8801711000000',
  status: 'IN_PROCESS',
  remark: '',
  createdAt: '2030-01-01T10:00:00.000Z',
  decidedAt: null,
  accountId: 5,
  username: 'demo_player',
  operator: null,
  holdTransferId: 90,
};

describe('points mall page', () => {
  it('shows finance the queue and settings (not the goods), and rejects a redemption only with a reason', async () => {
    const decisions: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          'GET /bo/api/session/me': () => okResponse(meFixture('finance')),
          'GET /bo/api/config': () => okResponse(configFixture()),
          'GET /bo/api/points/redemptions': () =>
            okResponse({ items: [redemption], pageNo: 1, pageSize: 20, total: 1, totalPages: 1 }),
          'POST /bo/api/points/redemptions/31/reject': ({ body }) => {
            decisions.push({ url: 'reject', body });
            return okResponse({
              ...redemption,
              status: 'REJECTED',
              remark: 'Address incomplete',
              operator: 'finance.op',
            });
          },
        }),
      ),
    );
    renderConsole('/promotions/points-mall');
    expect(await screen.findByRole('heading', { level: 1, name: 'Points mall' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Redemptions' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Goods' })).toBeNull();

    const row = (await screen.findByText('Travel mug')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2,000')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject redemption #31' });
    const submit = within(dialog).getByRole('button', { name: 'Reject' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Address incomplete' } });
    fireEvent.click(submit);
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]).toEqual({ url: 'reject', body: { remark: 'Address incomplete' } });
  });

  it('shows content only the goods, and adds goods with both names', async () => {
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        mockApi({
          'GET /bo/api/session/me': () => okResponse(meFixture('content')),
          'GET /bo/api/config': () => okResponse(configFixture()),
          'GET /bo/api/points/goods': () => okResponse({ items: [] }),
          'POST /bo/api/points/goods': ({ body }) => {
            saved.push(body);
            return okResponse({
              id: 1,
              names: { en: 'Team jersey', bn: 'দলের জার্সি' },
              imageUrl: null,
              points: '3000',
              stock: 20,
              enabled: true,
              sortOrder: 0,
              inProcess: 0,
              updatedAt: '2030-01-01T10:00:00.000Z',
            });
          },
        }),
      ),
    );
    renderConsole('/promotions/points-mall');
    expect(await screen.findByText('No goods yet. Add the first one.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Redemptions' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add goods' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add goods' });
    fireEvent.change(within(dialog).getByLabelText(/^Name \(English\)/), { target: { value: 'Team jersey' } });
    fireEvent.change(within(dialog).getByLabelText(/^Name \(Bengali\)/), { target: { value: 'দলের জার্সি' } });
    fireEvent.change(within(dialog).getByLabelText(/^Price in points/), { target: { value: '3000' } });
    fireEvent.change(within(dialog).getByLabelText(/^Stock/), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      names: { en: 'Team jersey', bn: 'দলের জার্সি' },
      imageUrl: null,
      points: '3000',
      stock: 20,
      sortOrder: 0,
      enabled: true,
    });
  });
});
