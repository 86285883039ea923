import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { callsTo, envelopeResponse, failureResponse, renderCashier, serveApi } from '../testing';
import { PaymentPasswordManageCard } from './payment-password-manage-card';

const done = { hasPaymentPassword: true };
const field = (form: HTMLElement, name: RegExp) => within(form).getByLabelText(name, { selector: 'input' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PaymentPasswordManageCard', () => {
  it('changes the payment password with the current one, and shows the refusal of a wrong one', async () => {
    let answer = () => failureResponse('CASHIER_PAYMENT_PASSWORD_INCORRECT', 400, { params: { remainingAttempts: 4 } });
    const fetchMock = serveApi({ '/wps/member/payment-password': () => answer() });
    renderCashier(<PaymentPasswordManageCard mobile="+880171****678" />);
    expect(screen.queryByRole('form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change or reset payment password' }));
    const form = screen.getByRole('form', { name: 'Change payment password' });
    fireEvent.click(within(form).getByRole('button', { name: 'Change payment password' }));
    expect(await within(form).findByText('Please enter your current payment password')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/member/payment-password')).toHaveLength(0);
    fireEvent.change(field(form, /^Current payment password/), { target: { value: '111111' } });
    fireEvent.change(field(form, /^New payment password/), { target: { value: '135790' } });
    fireEvent.change(field(form, /^Confirm payment password/), { target: { value: '135790' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change payment password' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    const [first] = callsTo(fetchMock, '/wps/member/payment-password');
    expect(first?.init.method).toBe('PUT');
    expect(JSON.parse(String(first?.init.body))).toEqual({
      oldPaymentPassword: '111111',
      paymentPassword: '135790',
      confirmPaymentPassword: '135790',
    });
    answer = () => envelopeResponse(done);
    fireEvent.change(field(form, /^Current payment password/), { target: { value: '246810' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change payment password' }));
    expect(await screen.findByText('Payment password changed')).toBeTruthy();
  });

  it('resets a forgotten password with the SMS code sent to the bound mobile, in EN and BN', async () => {
    const fetchMock = serveApi({
      '/wps/member/payment-password/reset/code': () =>
        envelopeResponse({ mobile: '+880171****678', expiredMinutes: 5 }),
      '/wps/member/payment-password/reset': () => envelopeResponse(done),
    });
    renderCashier(<PaymentPasswordManageCard mobile="+880171****678" />);
    fireEvent.click(screen.getByRole('button', { name: 'Change or reset payment password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forgot payment password?' }));
    const form = screen.getByRole('form', { name: 'Reset payment password' });
    expect(within(form).getByText('We will send a 6-digit code to your bound mobile +880171****678.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByText('Code sent to +880171****678; it is valid for 5 minutes.')).toBeTruthy();
    expect(within(form).getByRole('button', { name: /^Send again in \d+s$/ })).toHaveProperty('disabled', true);
    fireEvent.change(field(form, /^SMS code/), { target: { value: '12345' } });
    fireEvent.change(field(form, /^New payment password/), { target: { value: '135790' } });
    fireEvent.change(field(form, /^Confirm payment password/), { target: { value: '135790' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Reset payment password' }));
    expect(await within(form).findByText('Please enter the 6-digit code')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/member/payment-password/reset')).toHaveLength(0);
    fireEvent.change(field(form, /^SMS code/), { target: { value: '123456' } });
    await i18n.changeLanguage('bn');
    fireEvent.click(await within(form).findByRole('button', { name: 'পেমেন্ট পাসওয়ার্ড রিসেট করুন' }));
    expect(await screen.findByText('পেমেন্ট পাসওয়ার্ড রিসেট হয়েছে। এখন থেকে নতুনটি ব্যবহার করুন।')).toBeTruthy();
    await i18n.changeLanguage('en');
    const [sent] = callsTo(fetchMock, '/wps/member/payment-password/reset');
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      verificationCode: '123456',
      paymentPassword: '135790',
      confirmPaymentPassword: '135790',
    });
  });

  it('asks a member without a bound mobile for the login password instead', async () => {
    const fetchMock = serveApi({ '/wps/member/payment-password/reset': () => envelopeResponse(done) });
    renderCashier(<PaymentPasswordManageCard mobile={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change or reset payment password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forgot payment password?' }));
    const form = screen.getByRole('form', { name: 'Reset payment password' });
    expect(within(form).queryByRole('button', { name: 'Send code' })).toBeNull();
    fireEvent.change(field(form, /^Login password/), { target: { value: 'Secret#2026' } });
    fireEvent.change(field(form, /^New payment password/), { target: { value: '135790' } });
    fireEvent.change(field(form, /^Confirm payment password/), { target: { value: '135790' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Reset payment password' }));
    await waitFor(() => expect(callsTo(fetchMock, '/wps/member/payment-password/reset')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, '/wps/member/payment-password/reset')[0]?.init.body))).toEqual({
      loginPassword: 'Secret#2026',
      paymentPassword: '135790',
      confirmPaymentPassword: '135790',
    });
  });
});
