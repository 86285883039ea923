/**
 * Named (server-side prepared) statements for the statements a process sends again and again, as pgjdbc does with
 * its `prepareThreshold`: once a parameterised statement's text has been seen `threshold` times it gets a name, and
 * node-postgres then parses it once per connection and afterwards sends only Bind/Execute. PostgreSQL skips the
 * parse and analysis on every later call and, after five executions, may keep a generic plan instead of planning
 * again (its usual `plan_cache_mode = auto` choice, made only when the generic plan costs no more). The statement's
 * text, its parameters and its result are unchanged; only how PostgreSQL is asked changes.
 *
 * Only statements with parameters are named: a statement without any goes by the simple protocol, which also
 * carries the multi-statement texts of the migrator and `begin`/`commit`. At most `maxNamed` texts get a name
 * (each connection keeps those it has used); the counts of texts not named yet are forgotten when there are more
 * than `maxCounted` of them, so statements with varying text (IN lists of varying length) cannot grow memory.
 */
export type AutoPrepareOptions = { threshold: number; maxNamed: number; maxCounted: number };

export const defaultAutoPrepare: AutoPrepareOptions = { threshold: 3, maxNamed: 256, maxCounted: 2000 };

export type StatementNamer = {
  /** The name this statement text goes by, or undefined while it stays unnamed. */
  nameFor(text: string): string | undefined;
  /** How many texts have a name. */
  readonly namedCount: number;
};

export function createStatementNamer(options: AutoPrepareOptions = defaultAutoPrepare): StatementNamer {
  const named = new Map<string, string>();
  let counts = new Map<string, number>();
  return {
    nameFor(text) {
      const name = named.get(text);
      if (name !== undefined) return name;
      if (named.size >= options.maxNamed) return undefined;
      const seen = (counts.get(text) ?? 0) + 1;
      if (seen < options.threshold) {
        if (counts.size >= options.maxCounted) counts = new Map();
        counts.set(text, seen);
        return undefined;
      }
      counts.delete(text);
      const fresh = `auto_${named.size + 1}`;
      named.set(text, fresh);
      return fresh;
    },
    get namedCount() {
      return named.size;
    },
  };
}

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown };
type Queryable = { query: (...args: unknown[]) => unknown };

/**
 * Makes one node-postgres client name its repeated parameterised statements (see above). Calls whose config is a
 * plain string, that carry no parameters, or that are named already pass through as they are.
 */
export function autoPrepareClient(client: Queryable, namer: StatementNamer): void {
  const query = client.query;
  client.query = function autoPreparedQuery(this: unknown, ...args: unknown[]) {
    const [config, values] = args;
    if (config !== null && typeof config === 'object' && typeof (config as QueryConfigLike).text === 'string') {
      const like = config as QueryConfigLike;
      const params = Array.isArray(values) ? values : like.values;
      if (like.name === undefined && Array.isArray(params) && params.length > 0) {
        const name = namer.nameFor(like.text as string);
        if (name !== undefined) args[0] = { ...like, name };
      }
    }
    return query.apply(this, args);
  };
}
