import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver } from '@/features/games/testing';
import { type HomeSlot, HomeSlotView, homeSlots, nearScreenMargin } from './home';

const block = (whenNearScreen: boolean): HomeSlot => ({
  id: 'probe',
  component: () => <p>block content</p>,
  reserve: { desktop: 400, phone: 500 },
  whenNearScreen,
});

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('home blocks', () => {
  it('keeps a block below the first screen as its reserved place until the place comes near the screen', () => {
    const { container } = render(<HomeSlotView slot={block(true)} />);
    expect(screen.queryByText('block content')).toBeNull();
    const place = container.querySelector<HTMLElement>('[data-slot="probe"]');
    // The reserved height holds the page still meanwhile.
    expect(place?.style.getPropertyValue('--slot-phone')).toBe('500px');
    expect(place?.querySelector('.home-slot__placeholder')).toBeTruthy();
    const observer = FakeIntersectionObserver.instances.at(-1);
    expect(observer?.options?.rootMargin).toBe(nearScreenMargin);
    expect([...(observer?.elements ?? [])]).toEqual([place]);
    act(() => observer?.reveal());
    expect(screen.getByText('block content')).toBeTruthy();
    expect(place?.querySelector('.home-slot__placeholder')).toBeNull();
  });

  it('renders the other blocks at once, without watching the screen', () => {
    render(<HomeSlotView slot={block(false)} />);
    expect(screen.getByText('block content')).toBeTruthy();
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
  });

  it('waits for the screen only with the game sections, which start below the first screen on every device', () => {
    expect(homeSlots.filter((slot) => slot.whenNearScreen).map((slot) => slot.id)).toEqual(['gameSections']);
  });
});
