import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

function Harness({ autoCloseMs }: { autoCloseMs?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open notice
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Notice" autoCloseMs={autoCloseMs} closeLabel="Close">
        <input aria-label="Code" />
        <button type="button">Confirm</button>
      </Modal>
    </>
  );
}

/** Two dialogs open at once, each closed by a button of its own. */
function Nested() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOuter(false)}>
        Close outer
      </button>
      <button type="button" onClick={() => setInner(false)}>
        Close inner
      </button>
      <Modal open={outer} onClose={() => setOuter(false)} title="Outer" closeLabel="Close">
        <p>Outer</p>
      </Modal>
      <Modal open={inner} onClose={() => setInner(false)} title="Inner" closeLabel="Close">
        <p>Inner</p>
      </Modal>
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Modal', () => {
  it('is a labelled modal dialog that moves focus inside', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open notice' }));
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' })));
  });

  it('locks the page scroll at once and moves focus once its first frame is painted, not in the opening task', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open notice' });
    opener.focus();
    fireEvent.click(opener);
    // Focusing here would force the whole page's style and layout inside this task; the scroll lock only restyles.
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('hidden');
    act(() => {
      for (const frame of frames.splice(0)) frame(performance.now());
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' })));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.body.style.overflow).toBe('');
  });

  it('leaves focus where a player already put it inside the dialog before the first paint', async () => {
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open notice' }));
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    confirm.focus();
    act(() => vi.advanceTimersByTime(300));
    expect(document.activeElement).toBe(confirm);
  });

  it('closes on Escape and gives focus back to the opener', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open notice' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with the close button', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open notice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab focus inside the dialog', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open notice' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('closes by itself after autoCloseMs', () => {
    vi.useFakeTimers();
    render(<Harness autoCloseMs={3000} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open notice' }));
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives the page its scroll back when the last dialog closes, whichever closes first', () => {
    document.body.style.overflow = 'auto';
    render(<Nested />);
    expect(document.body.style.overflow).toBe('hidden');
    // The outer dialog, opened first, closes first: the page stays locked for the inner one.
    fireEvent.click(screen.getByRole('button', { name: 'Close outer', hidden: true }));
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Close inner', hidden: true }));
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });
});
