import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './media-query';

/** A `matchMedia` whose answer the test changes, telling listeners as a browser does on a resize. */
function stubMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (media: string) => ({
    get matches() {
      return matches;
    },
    media,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    set(next: boolean) {
      matches = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

function Probe() {
  return <p>{useMediaQuery('(max-width: 960px)', false) ? 'narrow' : 'wide'}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useMediaQuery', () => {
  it('answers the query now and follows its changes, then stops listening when unmounted', () => {
    const media = stubMatchMedia(true);
    const { unmount } = render(<Probe />);
    expect(screen.getByText('narrow')).toBeTruthy();
    act(() => media.set(false));
    expect(screen.getByText('wide')).toBeTruthy();
    act(() => media.set(true));
    expect(screen.getByText('narrow')).toBeTruthy();
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('gives the fallback where the browser has no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Probe />);
    expect(screen.getByText('wide')).toBeTruthy();
  });
});
