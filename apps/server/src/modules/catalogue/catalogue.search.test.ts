import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNameIndex, normaliseName, type SearchableGame } from './catalogue.search';

/** What the index must answer: the positions whose default name or name in `language` holds the keyword. */
function scan(games: SearchableGame[], keyword: string, language: string): number[] {
  const needle = normaliseName(keyword);
  return games.flatMap((game, position) =>
    normaliseName(game.name).includes(needle) || normaliseName(game.names[language] ?? '').includes(needle)
      ? [position]
      : [],
  );
}

const games: SearchableGame[] = [
  { name: 'Dragon Treasure', names: { en: 'Dragon Treasure', bn: 'ড্রাগন ধন' } },
  { name: 'Lucky Tiger 120', names: {} },
  { name: 'Tiger Lucky 1', names: {} },
  { name: 'Éclair Royale', names: { bn: 'একলেয়ার' } },
  { name: 'ŞANS ÇARKI', names: {} },
  { name: 'abc-bcd', names: {} },
  { name: 'Star 🍀 Clover', names: {} },
];

describe('catalogue name index', () => {
  const index = createNameIndex(games);
  const search = (keyword: string, language = 'en') => Array.from(index.search(keyword, language));

  it('finds part of a word and text across words, in list order', () => {
    expect(search('agon')).toEqual([0]);
    expect(search('tiger 1')).toEqual([1]);
    expect(search('lucky 1')).toEqual([2]);
    expect(search('lucky')).toEqual([1, 2]);
    expect(search('y')).toEqual([1, 2, 3]);
    expect(search('ck')).toEqual([1, 2]);
  });

  it('ignores case, also outside ASCII, but keeps diacritics significant', () => {
    expect(search('DRAGON')).toEqual([0]);
    expect(search('éclair')).toEqual([3]);
    expect(search('ÉCLAIR')).toEqual([3]);
    expect(search('eclair')).toEqual([]);
    expect(search('şans çar')).toEqual([4]);
    expect(search('sans')).toEqual([]);
  });

  it('searches the default name and the requested language only', () => {
    expect(search('ড্রাগন', 'bn')).toEqual([0]);
    expect(search('ড্রাগন', 'en')).toEqual([]);
    expect(search('dragon', 'bn')).toEqual([0]);
    expect(search('একলেয়ার', 'bn')).toEqual([3]);
  });

  it('needs the whole keyword, not only its trigrams, and takes symbols and emoji literally', () => {
    // Both trigrams of "abcd" ("abc", "bcd") are in "abc-bcd", the keyword is not: the text decides.
    expect(search('abcd')).toEqual([]);
    expect(search('c-b')).toEqual([5]);
    expect(search('%')).toEqual([]);
    expect(search('🍀 clo')).toEqual([6]);
  });

  it('answers exactly what a scan of every name answers', () => {
    const alphabet = fc.constantFrom('a', 'b', 'A', 'B', ' ', 'é', 'É', 'ধ', '্', '1', '%', '🍀');
    const text = (maxLength: number) => fc.array(alphabet, { maxLength }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: text(12), bn: fc.option(text(8), { nil: undefined }) }), { maxLength: 30 }),
        text(5).filter((keyword) => keyword.length > 0),
        fc.constantFrom('en', 'bn'),
        (rows, keyword, language) => {
          const list: SearchableGame[] = rows.map((row) => ({
            name: row.name,
            names: row.bn === undefined ? {} : ({ bn: row.bn } as Record<string, string>),
          }));
          expect(Array.from(createNameIndex(list).search(keyword, language))).toEqual(scan(list, keyword, language));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('says a keyword finds nothing only when the search finds nothing (never for a keyword that matches)', () => {
    expect(index.findsNothing('zzz', 'en')).toBe(true);
    expect(index.findsNothing('a3f9c1', 'en')).toBe(true);
    expect(index.findsNothing('agon', 'en')).toBe(false);
    expect(index.findsNothing('ড্রাগন', 'bn')).toBe(false);
    expect(index.findsNothing('ড্রাগন', 'en')).toBe(true);
    // Every trigram present, the keyword absent: not known to find nothing, and the search decides.
    expect(index.findsNothing('abcd', 'en')).toBe(false);
    const alphabet = fc.constantFrom('a', 'b', 'A', 'B', ' ', 'é', 'ধ', '1', '🍀');
    const text = (maxLength: number) => fc.array(alphabet, { maxLength }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: text(12), bn: fc.option(text(8), { nil: undefined }) }), { maxLength: 30 }),
        text(6).filter((keyword) => keyword.length > 0),
        fc.constantFrom('en', 'bn'),
        (rows, keyword, language) => {
          const list: SearchableGame[] = rows.map((row) => ({
            name: row.name,
            names: row.bn === undefined ? {} : ({ bn: row.bn } as Record<string, string>),
          }));
          const names = createNameIndex(list);
          if (names.findsNothing(keyword, language)) expect(scan(list, keyword, language)).toEqual([]);
          if (scan(list, keyword, language).length > 0) expect(names.findsNothing(keyword, language)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});
