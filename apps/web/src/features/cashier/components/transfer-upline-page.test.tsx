import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberInfoFixture } from '@/testing/fixtures';
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
import { TransferUplinePage } from './transfer-upline-page';

const result = { transferId: 91, amount: money(20_000), balance: money(80_000), to: { id: 3, username: 'agent_one' } };

function serve(routes: Routes = {}) {
  return serveApi({ '/wps/v2/wallets/balance': () => envelopeResponse(balanceFixture(100_000)), ...routes });
}

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TransferUplinePage', () => {
  it('sends a member’s transfer to the upline after the payment password and a confirmation step', async () => {
    const fetchMock = serve({ '/wps/cashier/transfer/upline': () => envelopeResponse(result) });
    renderCashier(<TransferUplinePage info={memberInfoFixture({ hasPaymentPassword: true })} />);
    await screen.findByText('Available: ৳1,000.00');
    expect(screen.queryByRole('tab')).toBeNull();
    fireEvent.change(field(/^Amount/), { target: { value: '1000.01' } });
    fireEvent.change(field(/^Payment password/), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('More than your available balance of ৳1,000.00')).toBeTruthy();
    fireEvent.change(field(/^Amount/), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the transfer' });
    expect(within(dialog).getByText('My upline')).toBeTruthy();
    expect(within(dialog).getByText('৳200.00')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Transfer now' }));
    expect(await screen.findByText('Transfer complete')).toBeTruthy();
    expect(screen.getByText('৳800.00')).toBeTruthy();
    const [call] = callsTo(fetchMock, '/wps/cashier/transfer/upline');
    expect(JSON.parse(String(call?.init.body))).toEqual({ amount: '200', paymentPassword: '246810' });
    expect(headerOf(call?.init ?? {}, 'idempotency-key')).toBeTruthy();
  });

  it('needs a payment password before anything is sent', async () => {
    const fetchMock = serve();
    renderCashier(<TransferUplinePage info={memberInfoFixture({ hasPaymentPassword: false })} />);
    await screen.findByText('Available: ৳1,000.00');
    fireEvent.change(field(/^Amount/), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Please set a payment password on the Withdraw page first')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/cashier/transfer/upline')).toHaveLength(0);
  });

  it('shows a refusal translated (no upline)', async () => {
    serve({ '/wps/cashier/transfer/upline': () => failureResponse('CASHIER_NO_UPLINE', 400) });
    renderCashier(<TransferUplinePage info={memberInfoFixture({ hasPaymentPassword: true })} />);
    await screen.findByText('Available: ৳1,000.00');
    fireEvent.change(field(/^Amount/), { target: { value: '100' } });
    fireEvent.change(field(/^Payment password/), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Transfer now' }));
    expect(await screen.findByText('Your account has no upline to transfer to')).toBeTruthy();
  });

  it('lets an agent pay a downline member by username', async () => {
    const fetchMock = serve({ '/wps/cashier/transfer/downline': () => envelopeResponse(result) });
    renderCashier(
      <TransferUplinePage info={memberInfoFixture({ isAgent: true, type: 1, hasPaymentPassword: true })} />,
    );
    expect(await screen.findByRole('tab', { name: 'My downline', selected: true })).toBeTruthy();
    await screen.findByText('Available: ৳1,000.00');
    fireEvent.change(field(/^Amount/), { target: { value: '200' } });
    fireEvent.change(field(/^Payment password/), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Please enter the username')).toBeTruthy();
    fireEvent.change(field(/^Downline username/), { target: { value: 'member_7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Transfer now' }));
    await waitFor(() => expect(callsTo(fetchMock, '/wps/cashier/transfer/downline')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, '/wps/cashier/transfer/downline')[0]?.init.body))).toEqual({
      amount: '200',
      paymentPassword: '246810',
      downlineUsername: 'member_7',
    });
  });
});
