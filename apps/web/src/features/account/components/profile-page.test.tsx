import { acceptedPatternFor, type PatternId, type RegistrationFieldRule } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import {
  bodyOf,
  envelopeResponse,
  failureResponse,
  identityPermissionFixture,
  memberInfoFixture,
  mockApi,
  registerSettingsFixture,
} from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

type Routes = Parameters<typeof mockApi>[0];

const rule = (patternId: PatternId, minLength: number, maxLength: number, required = false): RegistrationFieldRule => ({
  enabled: true,
  required,
  patternId,
  acceptedPattern: acceptedPatternFor(patternId),
  minLength,
  maxLength,
});

const profileFixture = () => ({
  nickname: 'Rahim',
  avatar: 3,
  fields: [
    { name: 'fullName', value: '', required: false },
    { name: 'birthday', value: '', required: true },
  ],
});

function serve(routes: Routes = {}) {
  const settings = registerSettingsFixture();
  const fetchMock = vi.fn(
    mockApi({
      '/wps/system/whitelabel': () => envelopeResponse(identityPermissionFixture()),
      '/wps/system/setting/register': () =>
        envelopeResponse({
          ...settings,
          fields: { ...settings.fields, fullName: rule('FULL_NAME', 3, 50), birthday: rule('DATE_YMD', 10, 10, true) },
        }),
      '/wps/member/info': () => envelopeResponse(memberInfoFixture()),
      '/wps/member/security': () => failureResponse('NOT_FOUND', 404),
      '/wps/member/profile': ({ init }) =>
        init.method === 'POST'
          ? envelopeResponse({
              ...profileFixture(),
              ...bodyOf(init),
              fields: [
                { name: 'fullName', value: 'Rahim Uddin', required: false },
                { name: 'birthday', value: '1990-11-22', required: true },
              ],
            })
          : envelopeResponse(profileFixture()),
      '/wps/member/info/icon': ({ init }) =>
        envelopeResponse({ avatar: (bodyOf(init) as { avatarId: number }).avatarId }),
      ...routes,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function callsTo(fetchMock: ReturnType<typeof serve>, path: string, method = 'POST') {
  return fetchMock.mock.calls.filter(
    ([url, init]) =>
      new URL(String(url), 'http://localhost').pathname === path &&
      (init as RequestInit | undefined)?.method === method,
  );
}

const wait = { timeout: 15_000 };

beforeEach(() => {
  configureApiClient({ payloadEncryption: { enabled: false, publicKey: null } });
  sessionStorage.setItem('token', 'token-123');
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('profile page', { timeout: 60_000 }, () => {
  it('shows the enabled fields, judges them by their rules before saving, then saves', async () => {
    const fetchMock = serve();
    renderApp('/member?page=profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' }, wait)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Personal details' });
    expect(within(form).getByRole('textbox', { name: /Nickname/ })).toHaveProperty('value', 'Rahim');

    fireEvent.change(within(form).getByRole('textbox', { name: /Full name/ }), { target: { value: 'Rahim' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Date of birth/ }), { target: { value: '22-11-1990' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(within(form).getAllByText(/./, { selector: '.ui-field__error' }).length).toBe(2));
    expect(callsTo(fetchMock, '/wps/member/profile')).toHaveLength(0);

    fireEvent.change(within(form).getByRole('textbox', { name: /Full name/ }), { target: { value: 'Rahim Uddin' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Date of birth/ }), { target: { value: '1990-11-22' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(callsTo(fetchMock, '/wps/member/profile')).toHaveLength(1), wait);
    const [, init] = callsTo(fetchMock, '/wps/member/profile')[0] ?? [];
    expect(bodyOf(init as RequestInit)).toEqual({ nickname: 'Rahim', fullName: 'Rahim Uddin', birthday: '1990-11-22' });
    expect(await screen.findByText('Your profile has been saved.', {}, wait)).toBeTruthy();
  });

  it('shows the server issues under their fields', async () => {
    serve({
      '/wps/member/profile': ({ init }) =>
        init.method === 'POST'
          ? failureResponse('VALIDATION_FAILED', 400, {
              issues: [{ path: 'body.fullName', code: 'invalid_format', message: 'Real name format is incorrect' }],
            })
          : envelopeResponse({
              ...profileFixture(),
              fields: [{ name: 'fullName', value: 'Rahim Uddin', required: false }],
            }),
    });
    renderApp('/member?page=profile');
    const form = await screen.findByRole('form', { name: 'Personal details' }, wait);
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('Real name format is incorrect', {}, wait)).toBeTruthy();
  });

  it('chooses an avatar from the fixed set', async () => {
    const fetchMock = serve();
    renderApp('/member?page=profile');
    const avatar = await screen.findByRole('button', { name: 'Avatar 5' }, wait);
    expect(screen.getByRole('button', { name: 'Avatar 3' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(avatar);
    await waitFor(() => expect(callsTo(fetchMock, '/wps/member/info/icon')).toHaveLength(1), wait);
    const [, init] = callsTo(fetchMock, '/wps/member/info/icon')[0] ?? [];
    expect(bodyOf(init as RequestInit)).toEqual({ avatarId: 5 });
  });
});
