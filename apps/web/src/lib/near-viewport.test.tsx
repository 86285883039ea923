import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './near-viewport';

/** Records what is observed; `reveal` reports it in view as the browser would. */
class Observer {
  static last: Observer | null = null;
  readonly targets: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    Observer.last = this;
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  reveal(isIntersecting: boolean) {
    const entries = this.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Observer.last = null;
});

describe('useNearViewport', () => {
  it('turns true once the element comes within the margin of the screen, and stays true', () => {
    vi.stubGlobal('IntersectionObserver', Observer);
    render(<Probe />);
    expect(screen.getByText('far')).toBeTruthy();
    const observer = Observer.last;
    expect(observer?.targets).toEqual([screen.getByText('far')]);
    expect(observer?.options?.rootMargin).toBe('300px');
    act(() => observer?.reveal(false));
    expect(screen.getByText('far')).toBeTruthy();
    act(() => observer?.reveal(true));
    expect(screen.getByText('near')).toBeTruthy();
    // Observing stops: scrolling away does not turn it back.
    expect(observer?.targets).toEqual([]);
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeTruthy();
  });
});
