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

function serve(routes: Routes = {}, permission = identityPermissionFixture()) {
  let captchas = 0;
  const fetchMock = vi.fn(
    mockApi({
      '/wps/system/whitelabel': () => envelopeResponse(permission),
      '/wps/system/setting/register': () => envelopeResponse(registerSettingsFixture()),
      '/wps/captcha': () => {
        captchas += 1;
        return envelopeResponse(captchaFixture(captchas));
      },
      '/wps/member/info': () => envelopeResponse(memberInfoFixture()),
      '/wps/session/login': () => envelopeResponse(loginResultFixture()),
      ...routes,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function callsTo(fetchMock: ReturnType<typeof serve>, path: string) {
  return fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);
}

async function openLoginPopup() {
  renderApp('/login');
  return screen.findByRole('dialog', { name: 'Log in' });
}

/** Types into a field found by its label; a string names a text box, a pattern any labelled control. */
function fill(scope: HTMLElement, label: string | RegExp, value: string) {
  const control =
    typeof label === 'string'
      ? within(scope).getByRole('textbox', { name: label })
      : within(scope)
          .getAllByLabelText(label)
          .find((element) => element instanceof HTMLInputElement);
  if (!control) throw new Error(`no input labelled ${label}`);
  fireEvent.change(control, { target: { value } });
}

beforeEach(() => {
  configureApiClient({ payloadEncryption: { enabled: false, publicKey: null } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('login popup', () => {
  it('opens at /login and logs in with username and password, then shows the member in the header', async () => {
    const fetchMock = serve();
    const dialog = await openLoginPopup();
    fill(dialog, 'Username', '  rahim01 ');
    fill(dialog, /^Password/, 'Secret#2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = callsTo(fetchMock, '/wps/session/login')[0] ?? [];
    expect(bodyOf(init as RequestInit)).toEqual({ type: 'username', username: 'rahim01', password: 'Secret#2026' });
    expect(sessionStorage.getItem('token')).toBe('token-123');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: /Rahim/ })).toBeTruthy();
    expect(within(banner).queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('asks for the username and password before sending anything', async () => {
    const fetchMock = serve();
    const dialog = await openLoginPopup();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Please enter the username and password')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/session/login')).toHaveLength(0);
  });

  it('offers the method selector only when verification-code login (SMSLOGIN3) is on', async () => {
    serve({}, identityPermissionFixture(['SMSLOGIN3']));
    const dialog = await openLoginPopup();
    expect(within(dialog).queryByRole('tablist')).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toBeTruthy();
  });

  it('switches to SMS login: mobile number, captcha and code, with the mobile validated before a code is sent', async () => {
    const fetchMock = serve({
      '/wps/verification/sms/noLogin': () => envelopeResponse({ expiredMinutes: 1 }),
      '/wps/session/login': () => envelopeResponse(loginResultFixture({ token: 'sms-token' })),
    });
    const dialog = await openLoginPopup();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'SMS code' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Username' })).toBeNull();
    await within(dialog).findByAltText(/Captcha/);

    fill(dialog, /^Mobile number/, '12345');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('Please enter a valid mobile number')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/verification/sms/noLogin')).toHaveLength(0);

    fill(dialog, /^Mobile number/, '01712345678');
    fill(dialog, /^Captcha/, 'AB12');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByRole('button', { name: 'Resend in 60s' })).toHaveProperty('disabled', true);
    const [, sendInit] = callsTo(fetchMock, '/wps/verification/sms/noLogin')[0] ?? [];
    expect(bodyOf(sendInit as RequestInit)).toMatchObject({
      mobileNum: '01712345678',
      countryDialingCode: '+880',
      purpose: 'login',
      captcha: 'AB12',
      captchaId: captchaFixture(1).captchaId,
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Please enter a valid verification code')).toBeTruthy();
    fill(dialog, /^Verification code/, '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(sessionStorage.getItem('token')).toBe('sms-token'));
    const [, loginInit] = callsTo(fetchMock, '/wps/session/login')[0] ?? [];
    expect(bodyOf(loginInit as RequestInit)).toEqual({
      type: 'sms',
      mobileNum: '01712345678',
      countryDialingCode: '+880',
      verificationCode: '123456',
    });
  });

  it('shows and loads the captcha when a failure says it is required, and sends it with the next attempt', async () => {
    let attempts = 0;
    const fetchMock = serve({
      '/wps/session/login': () => {
        attempts += 1;
        return attempts === 1
          ? failureResponse('IDENTITY_INVALID_CREDENTIALS', 401, { params: { captchaRequired: true } })
          : envelopeResponse(loginResultFixture());
      },
    });
    const dialog = await openLoginPopup();
    expect(within(dialog).queryByLabelText(/^Captcha/)).toBeNull();
    fill(dialog, 'Username', 'rahim01');
    fill(dialog, /^Password/, 'wrong');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await within(dialog).findByText('Incorrect username or password')).toBeTruthy();
    const image = await within(dialog).findByAltText(/Captcha/);
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${captchaFixture(1).image}`);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Please enter the captcha')).toBeTruthy();
    expect(attempts).toBe(1);

    fill(dialog, /^Captcha/, 'x7k2');
    fill(dialog, /^Password/, 'Secret#2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(attempts).toBe(2));
    const [, init] = callsTo(fetchMock, '/wps/session/login')[1] ?? [];
    expect(bodyOf(init as RequestInit)).toMatchObject({ captcha: 'x7k2', captchaId: captchaFixture(1).captchaId });
  });

  it('refreshes the captcha on click at most once a second, and keeps the image when a load fails', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let captchaCalls = 0;
    let failNextCaptcha = false;
    serve({
      '/wps/session/login': () =>
        failureResponse('IDENTITY_CAPTCHA_REQUIRED', 400, { params: { captchaRequired: true } }),
      '/wps/captcha': () => {
        captchaCalls += 1;
        if (failNextCaptcha) return failureResponse('SERVICE_UNAVAILABLE', 503);
        return envelopeResponse(captchaFixture(captchaCalls));
      },
    });
    const dialog = await openLoginPopup();
    fill(dialog, 'Username', 'rahim01');
    fill(dialog, /^Password/, 'whatever');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const image = await within(dialog).findByAltText(/Captcha/);
    await waitFor(() => expect(image.getAttribute('data-captcha-id')).toBeTruthy());
    // On a loaded machine the popup may mount twice before the image shows; the rule is about clicks.
    const initial = captchaCalls;
    expect(initial).toBeGreaterThanOrEqual(1);

    const refresh = within(dialog).getByRole('button', { name: 'Load a new captcha' });
    fireEvent.click(refresh);
    fireEvent.click(refresh);
    expect(captchaCalls).toBe(initial);

    vi.setSystemTime(Date.now() + 1000);
    fireEvent.click(refresh);
    await waitFor(() => expect(image.getAttribute('data-captcha-id')).toBe(captchaFixture(initial + 1).captchaId));
    fireEvent.click(refresh);
    expect(captchaCalls).toBe(initial + 1);

    failNextCaptcha = true;
    vi.setSystemTime(Date.now() + 1000);
    fireEvent.click(refresh);
    await waitFor(() => expect(captchaCalls).toBe(initial + 2));
    await waitFor(() => expect(refresh.getAttribute('aria-busy')).toBeNull());
    expect(
      within(dialog)
        .getByAltText(/Captcha/)
        .getAttribute('data-captcha-id'),
    ).toBe(captchaFixture(initial + 1).captchaId);
  });

  it('sends an agent to the agent centre after logging in', async () => {
    serve({
      '/wps/session/login': () => envelopeResponse(loginResultFixture({ isAgent: true, accountType: 1 })),
      '/wps/member/info': () =>
        envelopeResponse(memberInfoFixture({ type: 1, isAgent: true, account: 'agent01', nickname: 'Top Agent' })),
    });
    const dialog = await openLoginPopup();
    fill(dialog, 'Username', 'agent01');
    fill(dialog, /^Password/, 'Secret#2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Top Agent' })).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Current time' })).toBeTruthy();
  });

  it('opens the forced change-password step instead of loading member info after a default password', async () => {
    const fetchMock = serve({
      '/wps/session/login': () => envelopeResponse(loginResultFixture({ mustChangePassword: true })),
      '/wps/member/password': () => envelopeResponse({ passwordChanged: true }),
    });
    const dialog = await openLoginPopup();
    fill(dialog, 'Username', 'rahim01');
    fill(dialog, /^Password/, '{secret}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    const forced = await screen.findByRole('dialog', { name: 'Set a new password' });
    expect(sessionStorage.getItem('cpw')).toBe('1');
    expect(callsTo(fetchMock, '/wps/member/info')).toHaveLength(0);
    expect(within(forced).queryByLabelText(/^Current password/)).toBeNull();

    fill(forced, /^New password/, 'Fresh#2026pw');
    fill(forced, /^Confirm new password/, 'Fresh#2026px');
    fireEvent.click(within(forced).getByRole('button', { name: 'Change password' }));
    expect(await within(forced).findByText('Incorrect confirmation input')).toBeTruthy();

    fill(forced, /^Confirm new password/, 'Fresh#2026pw');
    fireEvent.click(within(forced).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = callsTo(fetchMock, '/wps/member/password')[0] ?? [];
    expect(bodyOf(init as RequestInit)).toEqual({ newPassword: 'Fresh#2026pw', confirmNewPassword: 'Fresh#2026pw' });
    expect(sessionStorage.getItem('cpw')).toBeNull();
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: /Rahim/ })).toBeTruthy();
  });

  it('starts free play as a trial user and closes the popup', async () => {
    const fetchMock = serve({
      '/wps/session/login/freeplay': () =>
        envelopeResponse(loginResultFixture({ token: 'trial-token', isTrial: true, accountType: 4 })),
      '/wps/member/info': () =>
        envelopeResponse(memberInfoFixture({ type: 4, isTrial: true, account: 'guestab12', nickname: null })),
    });
    sessionStorage.setItem('cpw', '1');
    const dialog = await openLoginPopup();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Free play' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem('token')).toBe('trial-token');
    expect(sessionStorage.getItem('cpw')).toBeNull();
    expect(bodyOf(callsTo(fetchMock, '/wps/session/login/freeplay')[0]?.[1] as RequestInit)).toMatchObject({
      platform: 'W',
    });
    expect(await within(screen.getByRole('banner')).findByText('Trial')).toBeTruthy();
  });

  it('hides free play when FREEPLAY3 is off and links to forgot password and register', async () => {
    serve({}, identityPermissionFixture(['FREEPLAY3']));
    const dialog = await openLoginPopup();
    expect(within(dialog).queryByRole('button', { name: 'Free play' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe('/help#term');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('dialog', { name: 'Forgot password' })).toBeTruthy();
  });
});

describe('remember me', () => {
  it('keeps the username (never the password) in a cookie for one day', async () => {
    const cookieWrites: string[] = [];
    let owner: object | null = document;
    while (owner && !Object.getOwnPropertyDescriptor(owner, 'cookie')) owner = Object.getPrototypeOf(owner);
    const descriptor = owner ? Object.getOwnPropertyDescriptor(owner, 'cookie') : undefined;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      descriptor?.set?.call(document, value);
    });
    serve();
    const dialog = await openLoginPopup();
    fill(dialog, 'Username', 'rahim01');
    fill(dialog, /^Password/, 'Secret#2026');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(cookieWrites).toHaveLength(1);
    expect(cookieWrites[0]).toMatch(/^rememberUsername=rahim01; Max-Age=86400; Path=\/; SameSite=Lax$/);
    expect(cookieWrites.join()).not.toContain('Secret');
    expect(document.cookie).toContain('rememberUsername=rahim01');
  });

  it('fills the form from the cookie, and clears the cookies when the box is unticked', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookies a previous visit left, as the browser keeps them.
    document.cookie = 'rememberUsername=rahim01; Path=/';
    // biome-ignore lint/suspicious/noDocumentCookie: see above.
    document.cookie = 'rememberMobile=01712345678; Path=/';
    serve();
    const dialog = await openLoginPopup();
    expect((within(dialog).getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe('rahim01');
    const remember = within(dialog).getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement;
    expect(remember.checked).toBe(true);

    fireEvent.click(remember);
    fill(dialog, /^Password/, 'Secret#2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.cookie).not.toContain('rememberUsername');
    expect(document.cookie).not.toContain('rememberMobile');
  });
});
