/**
 * Name search over the catalogue snapshot: "part of the name, any case" (contract `gameListInputSchema.keyword`),
 * found in an n-gram index built once per snapshot instead of a scan of every game per request.
 *
 * Why not a search library (MiniSearch, FlexSearch): they match whole words or word prefixes, so "agon" would no
 * longer find "Dragon", "tiger 1" would match "Tiger Lucky 120", and Bengali would be split by their tokenisers.
 * The list's contract is a literal substring of the lower-cased name, as the database path for favourites and
 * recent plays matches it (`lower(name) like '%…%'`); an index of the 1-, 2- and 3-character pieces of each name
 * keeps exactly that and is a few dozen lines.
 */

/**
 * How names and keywords are compared: lower case only (JavaScript's full Unicode mapping). Diacritics and other
 * marks stay significant, as in the database path, because folding them would merge different Bengali words.
 */
export function normaliseName(value: string): string {
  return value.toLowerCase();
}

/** Pieces up to this many UTF-16 units are indexed; a longer keyword is found by intersecting its trigrams. */
const gramLength = 3;

type Postings = { positions: number[]; last: number };

/** The index of one field (the default name, or the names in one language): each piece → the rows holding it. */
class FieldIndex {
  private readonly grams = new Map<string, Int32Array>();

  /** `texts[i]` is row i's normalised text, or undefined when the field has nothing for that row. */
  constructor(private readonly texts: ReadonlyArray<string | undefined>) {
    const building = new Map<string, Postings>();
    texts.forEach((text, row) => {
      if (!text) return;
      for (let start = 0; start < text.length; start += 1) {
        for (let length = 1; length <= gramLength && start + length <= text.length; length += 1) {
          const gram = text.slice(start, start + length);
          let postings = building.get(gram);
          if (!postings) {
            postings = { positions: [], last: -1 };
            building.set(gram, postings);
          }
          // Rows are visited in order, so each list comes out sorted; `last` keeps a row once per piece.
          if (postings.last !== row) {
            postings.positions.push(row);
            postings.last = row;
          }
        }
      }
    });
    for (const [gram, postings] of building) this.grams.set(gram, Int32Array.from(postings.positions));
  }

  /**
   * True when no row can contain `keyword` (normalised, not empty) because one of its pieces is in no row: a
   * handful of map look-ups, without the intersection `match` does. False does not promise a match.
   */
  lacks(keyword: string): boolean {
    if (keyword.length <= gramLength) return !this.grams.has(keyword);
    for (let start = 0; start + gramLength <= keyword.length; start += 1) {
      if (!this.grams.has(keyword.slice(start, start + gramLength))) return true;
    }
    return false;
  }

  /** The rows whose text contains `keyword` (already normalised, not empty), ascending. */
  match(keyword: string): Int32Array {
    if (keyword.length <= gramLength) return this.grams.get(keyword) ?? empty;
    const lists: Int32Array[] = [];
    for (let start = 0; start + gramLength <= keyword.length; start += 1) {
      const list = this.grams.get(keyword.slice(start, start + gramLength));
      if (!list) return empty;
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    // Every trigram present does not make the keyword present ("abcab" in "abc…cab"): the texts decide.
    const result: number[] = [];
    for (const row of lists[0] ?? empty) {
      if (lists.every((list) => contains(list, row)) && this.texts[row]?.includes(keyword)) result.push(row);
    }
    return Int32Array.from(result);
  }
}

const empty = new Int32Array(0);

/** Binary search of a sorted list. */
function contains(list: Int32Array, value: number): boolean {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = list[middle] as number;
    if (found === value) return true;
    if (found < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** Both sorted lists merged, each row once. */
function union(a: Int32Array, b: Int32Array): Int32Array {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const result: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] as number) : Number.POSITIVE_INFINITY;
    const y = j < b.length ? (b[j] as number) : Number.POSITIVE_INFINITY;
    if (x <= y) {
      result.push(x);
      i += 1;
      if (x === y) j += 1;
    } else {
      result.push(y);
      j += 1;
    }
  }
  return Int32Array.from(result);
}

export type SearchableGame = { name: string; names: Readonly<Record<string, string>> };

/**
 * A search index over a fixed list of games (one snapshot). A keyword matches a game when its normalised form is
 * part of the game's normalised default name or of its name in the requested language. The default name's index
 * and each language's are built on the first search that needs them (about 50 ms for 12,000 games on a loaded
 * machine), so a snapshot that only serves lists never builds them; a language's holds only the names that differ
 * from the default.
 */
export function createNameIndex(games: ReadonlyArray<SearchableGame>) {
  let defaults: string[] | undefined;
  let byDefault: FieldIndex | undefined;
  const byLanguage = new Map<string, FieldIndex>();

  function defaultNames(): string[] {
    defaults ??= games.map((game) => normaliseName(game.name));
    return defaults;
  }

  function defaultIndex(): FieldIndex {
    byDefault ??= new FieldIndex(defaultNames());
    return byDefault;
  }

  function languageIndex(language: string): FieldIndex {
    let index = byLanguage.get(language);
    if (!index) {
      const defaults = defaultNames();
      index = new FieldIndex(
        games.map((game, row) => {
          const name = game.names[language];
          const normalised = name === undefined ? undefined : normaliseName(name);
          return normalised === defaults[row] ? undefined : normalised;
        }),
      );
      byLanguage.set(language, index);
    }
    return index;
  }

  return {
    /** Positions (in the list given) of the games matching `keyword` in `language`, ascending; [] for no keyword. */
    search(keyword: string, language: string): Int32Array {
      const normalised = normaliseName(keyword);
      if (!normalised) return empty;
      return union(defaultIndex().match(normalised), languageIndex(language).match(normalised));
    },
    /**
     * True when `search` would certainly find nothing: a piece of the keyword is in no name of either field (the
     * usual case for a keyword nobody's game has, such as a bot's or a typo). Cheaper than `search` for a long
     * keyword that does match, which it does not intersect; false does not promise a match.
     */
    findsNothing(keyword: string, language: string): boolean {
      const normalised = normaliseName(keyword);
      if (!normalised) return true;
      return defaultIndex().lacks(normalised) && languageIndex(language).lacks(normalised);
    },
  };
}

export type NameIndex = ReturnType<typeof createNameIndex>;
