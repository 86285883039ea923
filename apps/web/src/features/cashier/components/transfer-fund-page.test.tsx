import type { WalletBalanceView, WalletTransferResult } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import {
  balanceFixture,
  callsTo,
  envelopeResponse,
  failureResponse,
  headerOf,
  money,
  type Routes,
  renderCashier,
  serveApi,
} from '../testing';
import { TransferFundPage } from './transfer-fund-page';

function balanceWith(mainMinor: number, vendors: Record<string, number>): WalletBalanceView {
  const base = balanceFixture(mainMinor);
  const held = Object.values(vendors).reduce((sum, value) => sum + value, 0);
  return {
    ...base,
    vendors: Object.entries(vendors).map(([vendor, minor]) => ({ vendor, balance: money(minor) })),
    total: money(mainMinor + held),
  };
}

function result(overrides: Partial<WalletTransferResult> = {}): WalletTransferResult {
  return {
    vassalage: 'TCG_LOTTO_VN',
    direction: 'in',
    status: 'SUCCESS',
    reference: 'ref-1',
    amount: money(40_000),
    mainBalance: money(60_000),
    vendorBalance: money(40_000),
    ...overrides,
  };
}

function serve(routes: Routes = {}, vendors: Record<string, number> = { TCG_LOTTO_VN: 250_000 }) {
  return serveApi({
    '/wps/v2/wallets/balance': () => envelopeResponse(balanceWith(123_456_78, vendors)),
    '/wps/relay/GCS_merchantWallet': () =>
      envelopeResponse({ isSingle: false, transferVendors: ['TCG_LOTTO_VN', 'TCG_SEA'] }),
    ...routes,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TransferFundPage', () => {
  it('shows the main balance, the total and every transfer-mode provider wallet, in EN and BN', async () => {
    serve();
    renderCashier(<TransferFundPage />);
    expect(await screen.findByText('৳123,456.78')).toBeTruthy();
    expect(screen.getByText('৳125,956.78')).toBeTruthy();
    const list = screen.getByRole('list');
    const tiles = within(list).getAllByRole('listitem');
    expect(tiles).toHaveLength(2);
    expect(within(tiles[0] as HTMLElement).getByText('TCG_LOTTO_VN')).toBeTruthy();
    expect(within(tiles[0] as HTMLElement).getByText('৳2,500.00')).toBeTruthy();
    expect(within(tiles[1] as HTMLElement).getByText('৳0.00')).toBeTruthy();
    expect(within(tiles[1] as HTMLElement).getByRole('button', { name: 'Transfer out TCG_SEA' })).toHaveProperty(
      'disabled',
      true,
    );
    await i18n.changeLanguage('bn');
    expect(await screen.findByText('গেম প্রোভাইডার ওয়ালেট')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'সব প্রধান ওয়ালেটে ফেরত আনুন' })).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  it('moves money in with an Idempotency-Key, refuses more than the main balance without asking, and keeps the key for a retry', async () => {
    let answer: () => Response = () => failureResponse('NETWORK_DOWN', 503);
    const fetchMock = serve({ '/wps/relay/GCS_walletTransfer': () => answer() });
    renderCashier(<TransferFundPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer in TCG_LOTTO_VN' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText(/^Amount/, { selector: 'input' });
    fireEvent.change(amount, { target: { value: '123456.79' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('More than your available balance of ৳123,456.78')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/relay/GCS_walletTransfer')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '400' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(callsTo(fetchMock, '/wps/relay/GCS_walletTransfer')).toHaveLength(1));
    answer = () => envelopeResponse(result());
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Transfer complete: ৳400.00')).toBeTruthy();
    const sent = callsTo(fetchMock, '/wps/relay/GCS_walletTransfer');
    expect(sent).toHaveLength(2);
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({
      vassalage: 'TCG_LOTTO_VN',
      direction: 'in',
      amount: '400',
    });
    const firstKey = headerOf(sent[0]?.init ?? {}, 'idempotency-key');
    expect(firstKey).toBeTruthy();
    // The unanswered submission was retried under its own key, so it cannot move money twice.
    expect(headerOf(sent[1]?.init ?? {}, 'idempotency-key')).toBe(firstKey);
  });

  it('recalls everything held at providers back to the main wallet, one keyed call per provider', async () => {
    const fetchMock = serve(
      { '/wps/relay/GCS_walletTransfer': () => envelopeResponse(result({ direction: 'all_out' })) },
      { TCG_LOTTO_VN: 250_000, TCG_SEA: 10_000 },
    );
    renderCashier(<TransferFundPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Recall all to main wallet' }));
    expect(await screen.findByText('Everything is back in your main wallet')).toBeTruthy();
    const sent = callsTo(fetchMock, '/wps/relay/GCS_walletTransfer');
    expect(sent.map((call) => JSON.parse(String(call.init.body)))).toEqual([
      { vassalage: 'TCG_LOTTO_VN', direction: 'all_out' },
      { vassalage: 'TCG_SEA', direction: 'all_out' },
    ]);
    const keys = sent.map((call) => headerOf(call.init, 'idempotency-key'));
    expect(new Set(keys).size).toBe(2);
  });

  it('says every game uses the main wallet when no provider keeps its own', async () => {
    serveApi({
      '/wps/v2/wallets/balance': () => envelopeResponse(balanceFixture(100)),
      '/wps/relay/GCS_merchantWallet': () => envelopeResponse({ isSingle: true, transferVendors: [] }),
    });
    renderCashier(<TransferFundPage />);
    expect(await screen.findByText('Every game uses your main wallet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Recall all to main wallet' })).toBeNull();
  });
});
