import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '../testing';
import { Carousel } from './carousel';

const slides = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    key: `slide-${index}`,
    node: <span data-testid="slide-content">Slide {index}</span>,
    later: <span data-testid="slide-stand-in" />,
  }));

function view(count: number, firstSlides?: number) {
  return <Carousel label="Lane" variant="tiles" showArrows={false} slides={slides(count)} firstSlides={firstSlides} />;
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }) as MediaQueryList);
  // No idle moment comes: only what the carousel builds at once is built.
  vi.stubGlobal('requestIdleCallback', () => 1);
  vi.stubGlobal('cancelIdleCallback', () => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('carousel slides built at once', () => {
  it('builds every slide without firstSlides, also the ones a longer list brings', () => {
    const { rerender, getAllByTestId, queryAllByTestId } = render(view(3));
    expect(getAllByTestId('slide-content')).toHaveLength(3);
    rerender(view(5));
    expect(getAllByTestId('slide-content')).toHaveLength(5);
    expect(queryAllByTestId('slide-stand-in')).toHaveLength(0);
  });

  it('keeps firstSlides built when the list grows from fewer, and stand-ins for the rest', () => {
    const { rerender, getAllByTestId } = render(view(5, 8));
    expect(getAllByTestId('slide-content')).toHaveLength(5);
    rerender(view(30, 8));
    expect(getAllByTestId('slide-content')).toHaveLength(8);
    expect(getAllByTestId('slide-stand-in')).toHaveLength(22);
  });
});
