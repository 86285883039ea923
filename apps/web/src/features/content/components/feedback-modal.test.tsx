import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncSessionFromStorage } from '@/lib/session';
import { setToken } from '@/lib/storage';
import { envelopeResponse, memberInfoFixture, mockApi } from '@/testing/fixtures';
import { contentWrapper } from '../testing';
import { FeedbackModal, feedbackLength, validateFeedback } from './feedback-modal';

const captcha = { captchaId: 'cap-1', image: 'iVBORw0KGgo=', expiresInSeconds: 120 };

function failure(code: string, status: number, extra: object = {}) {
  return new Response(JSON.stringify({ success: false, code, message: code, requestId: 'r1', ...extra }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Authorization headers of the feedback calls, in order (null when none was sent). */
const feedbackTokens: (string | null)[] = [];

function serve(feedback: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  feedbackTokens.length = 0;
  const fetchMock = vi.fn(
    mockApi({
      '/wps/captcha': () => envelopeResponse(captcha),
      '/wps/member/info': () => envelopeResponse(memberInfoFixture()),
      '/wps/feedback': ({ init }) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        feedbackTokens.push(new Headers(init.headers).get('authorization'));
        return feedback(body);
      },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return bodies;
}

function renderModal() {
  const onClose = vi.fn();
  const { wrapper } = contentWrapper();
  render(<FeedbackModal onClose={onClose} />, { wrapper });
  return { onClose };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('feedback validation', () => {
  const texts = { empty: (field: string) => `${field} is empty`, tooLong: 'too long' };
  it('requires type, description and captcha, and a name from visitors', () => {
    expect(
      validateFeedback({ type: '', content: '  ', sender: '', captcha: '' }, { needsSender: true }, texts),
    ).toEqual({
      type: 'type is empty',
      content: 'content is empty',
      sender: 'sender is empty',
      captcha: 'captcha is empty',
    });
    expect(
      validateFeedback({ type: '0', content: 'x', sender: '', captcha: 'AB12' }, { needsSender: false }, texts),
    ).toEqual({});
  });

  it('counts the description trimmed and caps it at 200 characters', () => {
    const ok = `  ${'a'.repeat(200)}  `;
    expect(feedbackLength(ok)).toBe(200);
    expect(
      validateFeedback({ type: '1', content: ok, sender: 'A', captcha: 'X' }, { needsSender: true }, texts),
    ).toEqual({});
    expect(
      validateFeedback(
        { type: '1', content: 'a'.repeat(201), sender: 'A', captcha: 'X' },
        { needsSender: true },
        texts,
      ),
    ).toEqual({ content: 'too long' });
  });
});

describe('FeedbackModal', () => {
  it('shows "{field} is empty" for each missing field and sends nothing', async () => {
    const bodies = serve(() => envelopeResponse({ id: 1 }));
    renderModal();
    await screen.findByAltText('Captcha image');
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Type is empty')).toBeTruthy();
    expect(screen.getByText('Description is empty')).toBeTruthy();
    expect(screen.getByText('Your name is empty')).toBeTruthy();
    expect(screen.getByText('Captcha is empty')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('counts characters and refuses more than 200', async () => {
    const bodies = serve(() => envelopeResponse({ id: 1 }));
    renderModal();
    await screen.findByAltText('Captcha image');
    fill('Description', 'x'.repeat(205));
    expect(screen.getByText('205 / 200')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: /Type/ }), { target: { value: '3' } });
    fill('Your name', 'Rahim');
    fill('Captcha', 'AB12');
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('shows a wrong captcha on the captcha field and loads a new one', async () => {
    serve(() => failure('IDENTITY_CAPTCHA_INVALID', 400));
    renderModal();
    await screen.findByAltText('Captcha image');
    fireEvent.change(screen.getByRole('combobox', { name: /Type/ }), { target: { value: '1' } });
    fill('Description', 'My deposit has not arrived yet');
    fill('Your name', 'Rahim');
    fill('Captcha', 'WRONG');
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Captcha check failed, please try again')).toBeTruthy();
  });

  it('sends the trimmed description with the type and captcha, then closes', async () => {
    const bodies = serve(() => envelopeResponse({ id: 9 }));
    const { onClose } = renderModal();
    await screen.findByAltText('Captcha image');
    fireEvent.change(screen.getByRole('combobox', { name: /Type/ }), { target: { value: '6' } });
    fill('Description', '  I would like to become an agent  ');
    fill('Your name', ' Karim ');
    fill('Captcha', 'ab12');
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      { type: 6, content: 'I would like to become an agent', sender: 'Karim', captcha: 'ab12', captchaId: 'cap-1' },
    ]);
  });

  describe('for a logged-in member', () => {
    beforeEach(() => {
      setToken('token-1');
      syncSessionFromStorage();
    });
    it('asks for no name and sends the session token: the account is the sender', async () => {
      const bodies = serve(() => envelopeResponse({ id: 10 }));
      const { onClose } = renderModal();
      await screen.findByAltText('Captcha image');
      await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Your name/ })).toBeNull());
      fireEvent.change(screen.getByRole('combobox', { name: /Type/ }), { target: { value: '2' } });
      fill('Description', 'Withdrawal pending for long');
      fill('Captcha', 'xy9');
      fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(bodies[0]).not.toHaveProperty('sender');
      // Without the token the server would take a nameless visitor and refuse it.
      expect(feedbackTokens).toEqual(['token-1']);
    });
  });
});
