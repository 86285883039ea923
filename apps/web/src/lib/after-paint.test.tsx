import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from './after-paint';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useAfterPaint', () => {
  it('is false for the first render and turns true in the task after the next animation frame', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const { result } = renderHook(() => useAfterPaint());
    expect(result.current).toBe(false);
    expect(frames).toHaveLength(1);
    act(() => frames[0]?.(0));
    // The frame is painted after its callbacks: still false until the next task.
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(true);
  });

  it('turns true after 250 ms in a tab that paints no frames', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const { result } = renderHook(() => useAfterPaint());
    act(() => vi.advanceTimersByTime(249));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('sets nothing after the component has gone', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const cancelled: number[] = [];
    vi.stubGlobal('requestAnimationFrame', () => 7);
    vi.stubGlobal('cancelAnimationFrame', (id: number) => cancelled.push(id));
    const { unmount } = renderHook(() => useAfterPaint());
    unmount();
    expect(cancelled).toEqual([7]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
