import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  balanceFixture,
  callsTo,
  channelsFixture,
  envelopeResponse,
  failureResponse,
  headerOf,
  imageFile,
  money,
  type Routes,
  recordsFixture,
  renderCashier,
  serveApi,
} from '../testing';
import { DepositPage, gatewayNavigation } from './deposit-page';

const deposit = (overrides: Record<string, unknown> = {}) => ({
  id: 41,
  channelCode: 'SIM_EWALLET',
  type: 'gateway',
  amount: money(100_000),
  status: 'pending',
  redirectUrl: '/gateway-sim/pay/sim_0123456789abcdef01234567?lang=en',
  reference: null,
  receiptCount: 0,
  rejectReason: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  completedAt: null,
  ...overrides,
});

function serve(routes: Routes = {}) {
  return serveApi({
    '/wps/cashier/deposit/channels': () => envelopeResponse(channelsFixture()),
    '/wps/v2/wallets/balance': () => envelopeResponse(balanceFixture(250_000)),
    '/wps/cashier/records': () =>
      envelopeResponse(
        recordsFixture([
          {
            id: 'D3',
            type: 'DEPOSIT',
            detail: 'MANUAL_BANK',
            status: 'pending',
            amount: money(123_456_78),
            balanceAfter: null,
            createdAt: '2026-11-21T08:00:00.000Z',
          },
        ]),
      ),
    ...routes,
  });
}

const amountField = () => screen.getByRole('textbox', { name: /^Amount/ });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DepositPage', () => {
  it('lists the channels with limits and presets, the balance, and the deposit history with statuses', async () => {
    serve();
    renderCashier(<DepositPage />);
    expect(await screen.findByRole('radio', { name: /E-wallet \(Simulator Pay\)/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Bank transfer \(manual\)/ })).toBeTruthy();
    expect(await screen.findByText('৳2,500.00')).toBeTruthy();
    expect(screen.getByText('From ৳200.00 to ৳25,000.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '৳1,000.00' }));
    expect((amountField() as HTMLInputElement).value).toBe('1000');
    const history = await screen.findByRole('region', { name: 'Recent deposits' });
    expect(within(history).getByText('Bank transfer (manual)')).toBeTruthy();
    expect(within(history).getByText('৳123,456.78')).toBeTruthy();
    expect(within(history).getByText('Pending')).toBeTruthy();
  });

  it('checks the amount against the channel before sending anything', async () => {
    const fetchMock = serve();
    renderCashier(<DepositPage />);
    await screen.findByRole('radio', { name: /E-wallet/ });
    const submit = screen.getByRole('button', { name: 'Continue to payment' });
    for (const [value, message] of [
      ['', 'Please enter an amount'],
      ['abc', 'Please enter a positive number, such as 500 or 500.50'],
      ['-5', 'Please enter a positive number, such as 500 or 500.50'],
      ['199.99', 'The minimum is ৳200.00'],
      ['25000.01', 'The maximum is ৳25,000.00'],
      ['500.125', 'At most 2 decimals'],
    ]) {
      fireEvent.change(amountField(), { target: { value } });
      fireEvent.click(submit);
      expect(await screen.findByText(message as string)).toBeTruthy();
    }
    expect(callsTo(fetchMock, '/wps/cashier/deposit')).toHaveLength(0);
  });

  it('opens a gateway deposit with an Idempotency-Key and sends the member to the pay page', async () => {
    const go = vi.spyOn(gatewayNavigation, 'go').mockImplementation(() => undefined);
    let attempts = 0;
    const fetchMock = serve({
      '/wps/cashier/deposit': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return envelopeResponse(deposit());
      },
    });
    renderCashier(<DepositPage />);
    await screen.findByRole('radio', { name: /E-wallet/ });
    fireEvent.change(amountField(), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // The network failed: the member tries again, and the retry carries the same key (never two deposits).
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/gateway-sim/pay/sim_0123456789abcdef01234567?lang=en'));
    const calls = callsTo(fetchMock, '/wps/cashier/deposit');
    expect(calls).toHaveLength(2);
    const [first, second] = calls.map((call) => headerOf(call.init, 'idempotency-key'));
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ channelCode: 'SIM_EWALLET', amount: '1000' });
  });

  it('shows the server refusal translated', async () => {
    serve({ '/wps/cashier/deposit': () => failureResponse('CASHIER_GATEWAY_UNAVAILABLE', 503) });
    renderCashier(<DepositPage />);
    await screen.findByRole('radio', { name: /E-wallet/ });
    fireEvent.change(amountField(), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(
      await screen.findByText('The payment service is not reachable right now. Please try again later.'),
    ).toBeTruthy();
  });

  it('requires a reference and 1 to 3 real PNG/JPEG receipts of at most 5 MB for a manual deposit', async () => {
    const fetchMock = serve({
      '/wps/cashier/deposit/manual': () =>
        envelopeResponse(deposit({ id: 42, type: 'manual', channelCode: 'MANUAL_BANK', redirectUrl: null })),
    });
    const { container } = renderCashier(<DepositPage />);
    fireEvent.click(await screen.findByRole('radio', { name: /Bank transfer \(manual\)/ }));
    expect(screen.getByText('1234567890123')).toBeTruthy();
    fireEvent.change(amountField(), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('Please enter the transfer reference')).toBeTruthy();
    expect(screen.getByText('Please upload at least one image')).toBeTruthy();

    const input = container.querySelector('input[name="receipts"]') as HTMLInputElement;
    const pick = (files: File[]) => fireEvent.change(input, { target: { files } });
    pick([imageFile('fake.png', new TextEncoder().encode('GIF89a not allowed'))]);
    expect(await screen.findByText('Only PNG or JPG images are accepted')).toBeTruthy();
    pick([imageFile('huge.png', undefined, 'image/png', 5 * 1024 * 1024 + 1)]);
    expect(await screen.findByText('Each image may be at most 5MB')).toBeTruthy();
    pick([imageFile('1.png'), imageFile('2.png'), imageFile('3.png'), imageFile('4.png')]);
    expect(await screen.findByText('At most 3 images can be uploaded')).toBeTruthy();
    expect(screen.getByText('3.png')).toBeTruthy();
    expect(screen.queryByText('4.png')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove 3.png' }));

    fireEvent.change(screen.getByRole('textbox', { name: /^Transfer reference/ }), { target: { value: 'TX-778' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('Deposit submitted')).toBeTruthy();
    const [call] = callsTo(fetchMock, '/wps/cashier/deposit/manual');
    const form = call?.init.body as FormData;
    expect(form.get('channelCode')).toBe('MANUAL_BANK');
    expect(form.get('amount')).toBe('1000');
    expect(form.get('reference')).toBe('TX-778');
    expect(form.getAll('receipts').map((file) => (file as File).name)).toEqual(['1.png', '2.png']);
    expect(headerOf(call?.init ?? {}, 'idempotency-key')).toBeTruthy();
  });

  it('follows the deposit the gateway sent the member back for until it is credited', async () => {
    let polls = 0;
    serve({
      '/wps/cashier/deposit/status': () => {
        polls += 1;
        return envelopeResponse(deposit({ status: polls === 1 ? 'pending' : 'approved', redirectUrl: null }));
      },
    });
    renderCashier(<DepositPage />, '/member?page=depositv2&depositId=41');
    expect(await screen.findByText('Waiting for the payment confirmation…')).toBeTruthy();
    expect(await screen.findByText('Deposit credited to your balance', {}, { timeout: 6000 })).toBeTruthy();
  });

  it('says when no channel is open, and offers a retry when the channels fail to load', async () => {
    let fail = true;
    serve({
      '/wps/cashier/deposit/channels': () =>
        fail ? failureResponse('INTERNAL', 500) : envelopeResponse({ ...channelsFixture(), channels: [] }),
    });
    renderCashier(<DepositPage />);
    expect(await screen.findByText('Could not load this')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0] as HTMLElement);
    expect(await screen.findByText('No deposit channel is open right now')).toBeTruthy();
  });
});
