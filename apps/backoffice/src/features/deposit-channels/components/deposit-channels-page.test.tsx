import type { DepositChannelConfig } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const money = (amount: string) => ({ amount, minor: amount.replace('.', '') });

function channelFixture(overrides: Partial<DepositChannelConfig> = {}): DepositChannelConfig {
  return {
    code: 'MANUAL_BANK',
    type: 'manual',
    gateway: null,
    method: 'bank_transfer',
    nameEn: 'Bank transfer',
    nameBn: 'ব্যাংক ট্রান্সফার',
    min: money('500.00'),
    max: money('50000.00'),
    presets: [money('500.00'), money('1000.00')],
    enabled: true,
    sortOrder: 1,
    payee: { bankName: 'City Bank', accountNumber: '1234567890', holderName: 'BDX88 Ltd' },
    updatedAt: '2030-01-01T08:00:00.000Z',
    updatedBy: 'owner',
    ...overrides,
  };
}

function serve(role: 'owner' | 'finance' | 'risk') {
  let channel = channelFixture();
  const fetchMock = vi.fn(
    mockApi({
      'GET /bo/api/session/me': () => okResponse(meFixture(role)),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'GET /bo/api/cashier/deposit-channels': () =>
        okResponse({
          items: [
            channel,
            channelFixture({
              code: 'SIM_GATEWAY',
              type: 'gateway',
              gateway: 'SIM',
              method: 'qr',
              nameEn: 'QR pay',
              payee: null,
              sortOrder: 2,
            }),
          ],
        }),
      'PUT /bo/api/cashier/deposit-channels/MANUAL_BANK': ({ body }) => {
        const input = body as { enabled?: boolean; minAmount?: string; presets?: string[] };
        channel = {
          ...channel,
          ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
          ...(input.minAmount ? { min: money(input.minAmount) } : {}),
          ...(input.presets ? { presets: input.presets.map(money) } : {}),
        };
        return okResponse(channel);
      },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));

describe('deposit channels', () => {
  it('lists channels, switches one off in place and edits limits and quick amounts', async () => {
    const fetchMock = serve('finance');
    renderConsole('/cashier/deposit-channels');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit channels' }, { timeout: 5000 })).toBeTruthy();
    const row = await screen.findByTestId('channel-MANUAL_BANK');
    expect(within(row).getByText('500.00 – 50,000.00')).toBeTruthy();
    expect(within(row).getByText('Bank transfer', { selector: '.bo-channels__sub' })).toBeTruthy();
    expect(within(screen.getByTestId('channel-SIM_GATEWAY')).getByText('Payment gateway')).toBeTruthy();

    fireEvent.click(within(row).getByRole('switch', { name: 'Switch Bank transfer on or off' }));
    expect(await screen.findByText('Bank transfer switched off')).toBeTruthy();
    expect(puts(fetchMock)[0]).toEqual({ enabled: false });

    fireEvent.click(within(row).getByRole('button', { name: 'Edit Bank transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bank transfer' });
    fireEvent.change(within(dialog).getByLabelText('Minimum'), { target: { value: '1.234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an amount with at most 2 decimals')).toBeTruthy();
    expect(puts(fetchMock)).toHaveLength(1);
    fireEvent.change(within(dialog).getByLabelText('Minimum'), { target: { value: '300' } });
    fireEvent.change(within(dialog).getByLabelText(/Quick amounts/), { target: { value: '300, 1000, 5000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bank transfer saved')).toBeTruthy();
    expect(puts(fetchMock)[1]).toMatchObject({
      minAmount: '300',
      presets: ['300', '1000', '5000'],
      payee: { bankName: 'City Bank', accountNumber: '1234567890', holderName: 'BDX88 Ltd' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a read-only role the channels without switches to flip or edit buttons', async () => {
    serve('risk');
    renderConsole('/cashier/deposit-channels');
    const row = await screen.findByTestId('channel-MANUAL_BANK', undefined, { timeout: 5000 });
    expect((within(row).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    expect(within(row).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.getByText('Your role can view the channels but not change them.')).toBeTruthy();
  });
});
