import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  envelopeResponse,
  failureResponse,
  headerOf,
  imageFile,
  money,
  type Routes,
  renderCashier,
  serveApi,
  withdrawalFixture,
  withdrawInfoFixture,
} from '../testing';
import { WithdrawPage } from './withdraw-page';

const bankList = {
  items: withdrawInfoFixture().bankAccounts,
  max: 5,
  payeeName: 'Rahim Uddin',
  banks: [
    { code: 'BKASH', kind: 'ewallet', name: 'bKash' },
    { code: 'DBBL', kind: 'bank', name: 'Dutch-Bangla Bank' },
  ],
};

function serve(routes: Routes = {}, info = withdrawInfoFixture()) {
  return serveApi({
    '/wps/cashier/withdraw/info': () => envelopeResponse(info),
    '/wps/member/bank-accounts': () => envelopeResponse(bankList),
    '/wps/cashier/withdrawals': () => envelopeResponse({ items: [] }),
    ...routes,
  });
}

const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WithdrawPage', () => {
  it('asks for a payment password first when none is set, and checks the confirmation', async () => {
    const fetchMock = serve(
      { '/wps/member/payment-password': () => envelopeResponse({ hasPaymentPassword: true }) },
      withdrawInfoFixture({ hasPaymentPassword: false }),
    );
    renderCashier(<WithdrawPage />);
    await screen.findByRole('heading', { name: 'Set your payment password' });
    // The withdrawal form cannot be used without it.
    expect((field(/^Payment password/) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(field(/^Login password/), { target: { value: 'Secret#2026' } });
    fireEvent.change(field(/^New payment password/), { target: { value: '246810' } });
    fireEvent.change(field(/^Confirm payment password/), { target: { value: '246811' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment password' }));
    expect(await screen.findByText('Confirmation password is not correct.')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/member/payment-password')).toHaveLength(0);
    fireEvent.change(field(/^Confirm payment password/), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment password' }));
    await waitFor(() => expect(callsTo(fetchMock, '/wps/member/payment-password')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, '/wps/member/payment-password')[0]?.init.body))).toEqual({
      loginPassword: 'Secret#2026',
      paymentPassword: '246810',
      confirmPaymentPassword: '246810',
    });
  });

  it('shows the limits and refuses amounts outside them or above the available balance', async () => {
    const fetchMock = serve();
    renderCashier(<WithdrawPage />);
    await screen.findByText('4 of 5 withdrawals');
    expect(screen.getAllByText('৳1,500.00').length).toBeGreaterThan(0);
    const submit = screen.getByRole('button', { name: 'Withdraw' });
    fireEvent.change(field(/^Payment password/), { target: { value: '246810' } });
    for (const [value, message] of [
      ['99.99', 'The minimum is ৳100.00'],
      ['1500.01', 'More than your available balance of ৳1,500.00'],
      ['0', 'Please enter a positive number, such as 500 or 500.50'],
    ]) {
      fireEvent.change(field(/^Amount/), { target: { value } });
      fireEvent.click(submit);
      expect(await screen.findByText(message as string)).toBeTruthy();
    }
    expect(callsTo(fetchMock, '/wps/cashier/withdraw')).toHaveLength(0);
  });

  it('requires the payment password, asks for confirmation, then withdraws with an Idempotency-Key', async () => {
    const fetchMock = serve({
      '/wps/cashier/withdraw': () => envelopeResponse(withdrawalFixture({ amount: money(50_000) })),
    });
    renderCashier(<WithdrawPage />);
    await screen.findByText('4 of 5 withdrawals');
    fireEvent.change(field(/^Amount/), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Please enter your payment password')).toBeTruthy();
    fireEvent.change(field(/^Payment password/), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the withdrawal' });
    expect(within(dialog).getByText('৳500.00')).toBeTruthy();
    expect(within(dialog).getByText('bKash ****5678 · Rahim Uddin')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/cashier/withdraw')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Withdrawal requested')).toBeTruthy();
    const [call] = callsTo(fetchMock, '/wps/cashier/withdraw');
    expect(JSON.parse(String(call?.init.body))).toEqual({ amount: '500', bankAccountId: 7, paymentPassword: '246810' });
    expect(headerOf(call?.init ?? {}, 'idempotency-key')).toBeTruthy();
  });

  it('shows a wrong payment password as the server explains it', async () => {
    serve({
      '/wps/cashier/withdraw': () =>
        failureResponse('CASHIER_PAYMENT_PASSWORD_INCORRECT', 400, { params: { remainingAttempts: 4 } }),
    });
    renderCashier(<WithdrawPage />);
    await screen.findByText('4 of 5 withdrawals');
    fireEvent.change(field(/^Amount/), { target: { value: '500' } });
    fireEvent.change(field(/^Payment password/), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The payment password is incorrect (4 attempt(s) left)')).toBeTruthy();
    expect((field(/^Payment password/) as HTMLInputElement).value).toBe('');
  });

  it('binds an account after checking the number, with the payee name fixed', async () => {
    const fetchMock = serve({
      '/wps/member/bank-accounts': ({ init }) =>
        init.method === 'POST'
          ? envelopeResponse({ ...bankList.items[0], id: 8, accountNumberMasked: '****4321' })
          : envelopeResponse(bankList),
    });
    renderCashier(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add account' }));
    fireEvent.change(screen.getByLabelText(/^Bank or e-wallet/, { selector: 'select' }), {
      target: { value: 'BKASH' },
    });
    fireEvent.change(field(/^E-wallet mobile number/), { target: { value: '12-34' } });
    expect((field(/^Account holder name/) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Bind account' }));
    expect(await screen.findByText('The account number format is incorrect')).toBeTruthy();
    fireEvent.change(field(/^E-wallet mobile number/), { target: { value: '0171-234 4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bind account' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/wps/member/bank-accounts').filter((call) => call.init.method === 'POST'),
      ).toHaveLength(1),
    );
    const post = callsTo(fetchMock, '/wps/member/bank-accounts').find((call) => call.init.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      bankCode: 'BKASH',
      accountNumber: '01712344321',
      holderName: 'Rahim Uddin',
    });
  });

  it('confirms a paid withdrawal: partially received needs an amount below the withdrawn one and a proof', async () => {
    const fetchMock = serve({
      '/wps/cashier/withdrawals': () =>
        envelopeResponse({ items: [withdrawalFixture({ status: 'approved', reviewedAt: '2026-11-21T10:00:00Z' })] }),
      '/wps/cashier/withdraw/confirm': () =>
        envelopeResponse(withdrawalFixture({ status: 'approved', confirmation: 'partial' })),
    });
    const { baseElement } = renderCashier(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Did you receive the money?' });
    fireEvent.click(within(dialog).getByLabelText('Partially received'));
    fireEvent.change(within(dialog).getByLabelText(/^Amount received/), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Must be less than the withdrawn amount')).toBeTruthy();
    expect(within(dialog).getByText('Please upload at least one image')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Amount received/), { target: { value: '300' } });
    const input = baseElement.querySelector('input[name="proofs"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [imageFile('statement.jpg', undefined, 'image/jpeg')] } });
    await within(dialog).findByText('statement.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo(fetchMock, '/wps/cashier/withdraw/confirm')).toHaveLength(1));
    const form = callsTo(fetchMock, '/wps/cashier/withdraw/confirm')[0]?.init.body as FormData;
    expect(form.get('withdrawalId')).toBe('31');
    expect(form.get('result')).toBe('partial');
    expect(form.get('receivedAmount')).toBe('300');
    expect((form.get('proofs') as File).name).toBe('statement.jpg');
  });

  it('confirms a received withdrawal as JSON, without proofs', async () => {
    const fetchMock = serve({
      '/wps/cashier/withdrawals': () => envelopeResponse({ items: [withdrawalFixture({ status: 'approved' })] }),
      '/wps/cashier/withdraw/confirm': () =>
        envelopeResponse(withdrawalFixture({ status: 'approved', confirmation: 'received' })),
    });
    renderCashier(<WithdrawPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Did you receive the money?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo(fetchMock, '/wps/cashier/withdraw/confirm')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, '/wps/cashier/withdraw/confirm')[0]?.init.body))).toEqual({
      withdrawalId: 31,
      result: 'received',
    });
  });

  it('lists withdrawals with translated statuses and the rejection reason', async () => {
    serve({
      '/wps/cashier/withdrawals': () =>
        envelopeResponse({
          items: [
            withdrawalFixture({ id: 33, status: 'rejected', rejectReason: 'Name does not match' }),
            withdrawalFixture({ id: 32, status: 'approved', confirmation: 'auto_received' }),
          ],
        }),
    });
    renderCashier(<WithdrawPage />);
    const list = await screen.findByRole('region', { name: 'My withdrawals' });
    expect(await within(list).findByText('Rejected')).toBeTruthy();
    expect(within(list).getByText('Reason: Name does not match')).toBeTruthy();
    expect(within(list).getByText('Received (auto)')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Confirm receipt' })).toBeNull();
  });
});
