import { describe, expect, it } from 'vitest';
import { draftOf, inputOf } from './announcements-page';

describe('announcement editor', () => {
  it('turns the form into the request: images in order, Bengali only when given, no link for NONE', () => {
    const draft = {
      ...draftOf(null),
      type: 'B' as const,
      groupName: 'w_promotion',
      images: ' /a.svg \n\nhttps://cdn.example.com/b.webp\n',
      titleEn: ' Weekend ',
      contentEn: '<p>x</p>',
      linkageType: 'NONE' as const,
      linkage: '/ignored',
      sort: '3',
    };
    expect(inputOf(draft)).toMatchObject({
      type: 'B',
      groupName: 'w_promotion',
      images: [
        { url: '/a.svg', sequence: 1 },
        { url: 'https://cdn.example.com/b.webp', sequence: 2 },
      ],
      texts: { en: { title: 'Weekend', content: '<p>x</p>' } },
      linkage: null,
      sort: 3,
      startAt: null,
      endAt: null,
    });
    expect(inputOf(draft).texts).not.toHaveProperty('bn');
    expect(inputOf({ ...draft, type: 'PL' }).groupName).toBeNull();
  });

  it('keeps a route link and round-trips a stored announcement', () => {
    const stored = {
      id: 4,
      type: 'PU' as const,
      platform: 'W',
      execution: 'B',
      audiences: ['F' as const],
      groupName: null,
      videoUrl: null,
      linkageType: 'ROUTE' as const,
      linkage: '/promotions',
      images: [
        { url: '/2.svg', sequence: 2 },
        { url: '/1.svg', sequence: 1 },
      ],
      texts: { en: { title: 'Hi', content: '<p>a</p>' }, bn: { title: 'হাই', content: '<p>আ</p>' } },
      sort: 2,
      enabled: false,
      startAt: null,
      endAt: null,
      live: false,
      updatedAt: '2026-01-01T00:00:00.000Z',
      updatedBy: 'editor',
    };
    expect(inputOf(draftOf(stored))).toMatchObject({
      type: 'PU',
      audiences: ['F'],
      linkageType: 'ROUTE',
      linkage: '/promotions',
      images: [
        { url: '/1.svg', sequence: 1 },
        { url: '/2.svg', sequence: 2 },
      ],
      texts: { en: { title: 'Hi', content: '<p>a</p>' }, bn: { title: 'হাই', content: '<p>আ</p>' } },
      enabled: false,
      sort: 2,
    });
  });
});
