import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../testing';
import { LazyImage } from './lazy-image';

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => vi.unstubAllGlobals());

describe('lazy image', () => {
  it('loads only once 10% of it is in view', () => {
    const { container } = render(<LazyImage src="https://img.example.com/a.png" alt="Dragon" />);
    expect(container.querySelector('img')).toBeNull();
    expect(FakeIntersectionObserver.instances[0]?.options?.threshold).toBe(0.1);
    act(() => FakeIntersectionObserver.revealAll());
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://img.example.com/a.png');
  });

  it('retries a failed image once, then shows the default game icon', () => {
    const { container } = render(<LazyImage src="https://img.example.com/b.png?v=2" alt="Dragon" />);
    act(() => FakeIntersectionObserver.revealAll());
    const first = container.querySelector('img');
    if (!first) throw new Error('no image');
    fireEvent.error(first);
    const retry = container.querySelector('img');
    expect(retry?.getAttribute('src')).toBe('https://img.example.com/b.png?v=2&retry=1');
    if (!retry) throw new Error('no retry');
    fireEvent.error(retry);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Dragon' }).className).toContain('lazy-image__fallback');
  });

  it('shows the default icon at once when there is no image', () => {
    const { container } = render(<LazyImage src={null} alt="Dragon" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Dragon' })).toBeTruthy();
  });

  it('keeps an image that loaded', () => {
    const { container } = render(<LazyImage src="https://img.example.com/c.png" alt="Dragon" />);
    act(() => FakeIntersectionObserver.revealAll());
    const image = container.querySelector('img');
    if (!image) throw new Error('no image');
    fireEvent.load(image);
    expect(container.querySelector('.lazy-image')?.getAttribute('data-state')).toBe('loaded');
  });
});
