import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SmsCodeField } from './sms-code-field';

function Harness({ onValidate, onSend }: { onValidate: () => boolean; onSend: () => Promise<number | null> }) {
  const [value, setValue] = useState('');
  return <SmsCodeField value={value} onChange={setValue} onValidate={onValidate} onSend={onSend} />;
}

/** Lets the send promise settle and React apply its updates. */
async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SMS code countdown', () => {
  it('disables the button for expiredMinutes × 60 seconds, counting down each second, then offers a resend', async () => {
    const onSend = vi.fn(async () => 2);
    render(<Harness onValidate={() => true} onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await settle();

    const button = screen.getByRole('button', { name: 'Resend in 120s' });
    expect(button).toHaveProperty('disabled', true);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Resend in 119s' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(58_000));
    expect(screen.getByRole('button', { name: 'Resend in 61s' })).toBeTruthy();

    // Clicks during the countdown send nothing.
    fireEvent.click(screen.getByRole('button', { name: /Resend in/ }));
    expect(onSend).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(61_000));
    const again = screen.getByRole('button', { name: 'Send code' });
    expect(again).toHaveProperty('disabled', false);
    fireEvent.click(again);
    await settle();
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('counts 60 seconds when the server names no validity', async () => {
    render(<Harness onValidate={() => true} onSend={async () => 0} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await settle();
    expect(screen.getByRole('button', { name: 'Resend in 60s' })).toBeTruthy();
  });

  it('sends nothing when the number is not valid, and starts no countdown when the send failed', async () => {
    const onSend = vi.fn(async () => null);
    let valid = false;
    render(<Harness onValidate={() => valid} onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await settle();
    expect(onSend).not.toHaveBeenCalled();

    valid = true;
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await settle();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
  });

  it('requests a code at most once a second, however often it is clicked', async () => {
    const onSend = vi.fn(async () => null);
    render(<Harness onValidate={() => true} onSend={onSend} />);
    const button = screen.getByRole('button', { name: 'Send code' });
    fireEvent.click(button);
    await settle();
    fireEvent.click(button);
    await settle();
    expect(onSend).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(button);
    await settle();
    expect(onSend).toHaveBeenCalledTimes(2);
  });
});
