import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyLoaded } from './lazy-loaded';

function Screen() {
  return <p>Screen</p>;
}

function renderInSuspense(Component: React.ComponentType) {
  let fallbackShown = false;
  function Fallback() {
    fallbackShown = true;
    return <p>Loading</p>;
  }
  render(
    <Suspense fallback={<Fallback />}>
      <Component />
    </Suspense>,
  );
  return () => fallbackShown;
}

describe('lazyLoaded', () => {
  it('renders a screen whose code has loaded in the same commit, without a fallback', async () => {
    const LazyScreen = lazyLoaded(
      async () => ({ Screen }),
      (module) => module.Screen,
    );
    await LazyScreen.preload();
    let fallbackShown: () => boolean = () => true;
    act(() => {
      fallbackShown = renderInSuspense(LazyScreen);
    });
    expect(screen.getByText('Screen')).toBeTruthy();
    expect(fallbackShown()).toBe(false);
  });

  it('suspends like React.lazy while the code is loading, and loads it once', async () => {
    let loads = 0;
    const LazyScreen = lazyLoaded(
      async () => {
        loads += 1;
        return { Screen };
      },
      (module) => module.Screen,
    );
    let fallbackShown: () => boolean = () => false;
    act(() => {
      fallbackShown = renderInSuspense(LazyScreen);
    });
    expect(fallbackShown()).toBe(true);
    expect(await screen.findByText('Screen')).toBeTruthy();
    await LazyScreen.preload();
    expect(loads).toBe(1);
  });

  it('loads again after a failed download', async () => {
    let attempts = 0;
    const LazyScreen = lazyLoaded(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return { Screen };
      },
      (module) => module.Screen,
    );
    await expect(LazyScreen.preload()).rejects.toThrow('offline');
    await LazyScreen.preload();
    expect(attempts).toBe(2);
  });
});
