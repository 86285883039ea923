import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import {
  bodyOf,
  captchaFixture,
  envelopeResponse,
  failureResponse,
  identityPermissionFixture,
  loginResultFixture,
  memberInfoFixture,
  mockApi,
  registerSettingsFixture,
} from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

type Routes = Parameters<typeof mockApi>[0];

function serve(routes: Routes = {}, settings = registerSettingsFixture()) {
  const fetchMock = vi.fn(
    mockApi({
      '/wps/system/whitelabel': () => envelopeResponse(identityPermissionFixture()),
      '/wps/system/setting/register': () => envelopeResponse(settings),
      '/wps/captcha': () => envelopeResponse(captchaFixture(1)),
      '/wps/member/info': () => envelopeResponse(memberInfoFixture({ account: 'newplayer1', nickname: null })),
      '/wps/member/register': () => envelopeResponse(loginResultFixture({ token: 'new-token' })),
      ...routes,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function callsTo(fetchMock: ReturnType<typeof serve>, path: string) {
  return fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);
}

function input(scope: HTMLElement, label: string | RegExp): HTMLInputElement {
  const control =
    typeof label === 'string'
      ? within(scope).getByRole('textbox', { name: label })
      : within(scope)
          .getAllByLabelText(label)
          .find((element) => element instanceof HTMLInputElement);
  if (!(control instanceof HTMLInputElement)) throw new Error(`no input labelled ${label}`);
  return control;
}

function fill(scope: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(input(scope, label), { target: { value } });
}

/** Opens /register on the username tab with the captcha loaded. */
async function openUsernameTab() {
  renderApp('/register');
  const dialog = await screen.findByRole('dialog', { name: 'Register' });
  fireEvent.click(await within(dialog).findByRole('tab', { name: 'Username' }));
  await within(dialog).findByAltText(/Captcha/);
  return dialog;
}

function fillValidUsernameForm(dialog: HTMLElement) {
  fill(dialog, 'Username', 'newplayer1');
  fill(dialog, /^Password/, 'Secret#2026');
  fill(dialog, /^Confirm password/, 'Secret#2026');
  fill(dialog, /^Captcha/, 'AB12');
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /I am at least 18/ }));
}

const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));

beforeEach(() => {
  configureApiClient({ payloadEncryption: { enabled: false, publicKey: null } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('register modal', () => {
  it('opens on the mobile tab when mobile registration is on, with only the enabled fields and * on required ones', async () => {
    serve();
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    expect(await within(dialog).findByRole('tab', { name: 'Mobile number', selected: true })).toBeTruthy();
    // Mobile registration without MOBILENUMPASSREG3: no password; the SMS code and captcha are needed.
    expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toBeTruthy();
    expect(within(dialog).getByText('Items marked with * are required')).toBeTruthy();
    // Enabled optional fields show without *, disabled ones (nickname) not at all.
    expect(input(dialog, 'E-mail').required).toBe(false);
    expect(input(dialog, 'Invitation code')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Nickname' })).toBeNull();
    const mobileLabel = within(dialog)
      .getAllByText('Mobile number')
      .find((element) => element.tagName === 'LABEL');
    expect(mobileLabel?.querySelector('.ui-field__required')?.textContent).toBe('*');
  });

  it('opens on the username tab when mobile registration is off', async () => {
    serve({}, registerSettingsFixture({ mobileRegistration: false, defaultMethod: 'username' }));
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    await within(dialog).findByRole('textbox', { name: 'Username' });
    expect(within(dialog).queryByRole('tablist')).toBeNull();
  });

  it("judges every field by the server's rules before submitting: required, length and pattern, confirmation", async () => {
    const fetchMock = serve();
    const dialog = await openUsernameTab();
    submit(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Items marked with * are required');
    expect(within(dialog).getAllByText('Input cannot be empty').length).toBeGreaterThanOrEqual(4);

    fill(dialog, 'Username', '1abc');
    fill(dialog, /^Password/, 'short');
    fill(dialog, /^Confirm password/, 'other');
    fill(dialog, 'E-mail', 'not-an-email');
    fill(dialog, /^Captcha/, 'AB1');
    submit(dialog);
    await within(dialog).findByText('Incorrect confirmation input');
    const usernameError = document.getElementById(`${input(dialog, 'Username').id}-error`);
    expect(usernameError?.textContent).toBe('English letters or digits, starting with a letter (6 to 16 characters)');
    expect(within(dialog).getByText('A valid e-mail address (6 to 60 characters)')).toBeTruthy();
    expect(within(dialog).getByText('English letters or digits only (exactly 4 characters)')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'No spaces, with at least one uppercase letter, one lowercase letter, one digit and one special character (8 to 20 characters)',
        { selector: '.ui-field__error' },
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/member/register')).toHaveLength(0);
  });

  it('does not submit until the terms and the 18+ confirmation are accepted', async () => {
    const fetchMock = serve();
    const dialog = await openUsernameTab();
    fillValidUsernameForm(dialog);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I am at least 18/ }));
    submit(dialog);
    expect(
      await within(dialog).findByText('Please confirm that you are at least 18 and accept the terms and conditions'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/member/register')).toHaveLength(0);
  });

  it('checks the affiliate code with the server first and warns when it is not valid', async () => {
    const fetchMock = serve({
      '/wps/agent/affiliate': () => failureResponse('IDENTITY_INVALID_INVITATION_CODE', 400),
    });
    const dialog = await openUsernameTab();
    fillValidUsernameForm(dialog);
    fill(dialog, 'Invitation code', 'NOPE99');
    submit(dialog);
    const warning = await screen.findByRole('dialog', { name: 'Prompt' });
    expect(within(warning).getByText('Invalid invitation code')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/member/register')).toHaveLength(0);
    expect(bodyOf(callsTo(fetchMock, '/wps/agent/affiliate')[0]?.[1] as RequestInit)).toMatchObject({ code: 'NOPE99' });
    fireEvent.click(within(warning).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Prompt' })).toBeNull());
  });

  it("shows the server's issues under each field", async () => {
    serve({
      '/wps/member/register': () =>
        failureResponse('VALIDATION_FAILED', 400, {
          issues: [{ path: 'body.username', code: 'invalid_format', message: 'Server says this name is reserved' }],
        }),
    });
    const dialog = await openUsernameTab();
    fillValidUsernameForm(dialog);
    submit(dialog);
    const error = await within(dialog).findByText('Server says this name is reserved');
    expect(error.id).toBe(`${input(dialog, 'Username').id}-error`);
    expect(within(dialog).getByRole('alert').textContent).toContain('Some fields are not valid');
  });

  it('sends the referral code of the link, logs the new member in and closes', async () => {
    const fetchMock = serve();
    renderApp('/register?ref=ABC123');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Username' }));
    await within(dialog).findByAltText(/Captcha/);
    expect(input(dialog, 'Referral code').value).toBe('ABC123');
    fillValidUsernameForm(dialog);
    submit(dialog);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Register' })).toBeNull());
    const body = bodyOf(callsTo(fetchMock, '/wps/member/register')[0]?.[1] as RequestInit);
    expect(body).toMatchObject({
      username: 'newplayer1',
      password: 'Secret#2026',
      confirmPassword: 'Secret#2026',
      referralCode: 'ABC123',
      captcha: 'AB12',
      captchaId: captchaFixture(1).captchaId,
      termsAccepted: true,
      adultConfirmed: true,
      registerMethod: 'WEB',
      login: true,
    });
    expect(body).not.toHaveProperty('mobileNum');
    expect(sessionStorage.getItem('token')).toBe('new-token');
    expect(await screen.findByText('Welcome to BDX88! Your account is ready.')).toBeTruthy();
  });

  it('registers by mobile number with the SMS code', async () => {
    const fetchMock = serve({
      '/wps/verification/sms/register': () => envelopeResponse({ expiredMinutes: 5 }),
      '/wps/member/register/mobile': () => envelopeResponse(loginResultFixture({ token: 'mobile-token' })),
    });
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    await within(dialog).findByAltText(/Captcha/);
    fill(dialog, /^Mobile number/, '01712345678');
    fill(dialog, /^Captcha/, 'AB12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByRole('button', { name: 'Resend in 300s' })).toBeTruthy();
    fill(dialog, /^Verification code/, '123456');
    fill(dialog, /^Captcha/, 'CD34');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I am at least 18/ }));
    submit(dialog);
    await waitFor(() => expect(sessionStorage.getItem('token')).toBe('mobile-token'));
    expect(bodyOf(callsTo(fetchMock, '/wps/member/register/mobile')[0]?.[1] as RequestInit)).toMatchObject({
      mobileNum: '01712345678',
      countryDialingCode: '+880',
      verificationCode: '123456',
    });
  });
});
