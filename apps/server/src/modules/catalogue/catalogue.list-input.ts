import { gameCategories, gameListFilters, gameListInputSchema, gamePlatforms } from '@portal/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/** A `GCSGAME_gameList` body as the contract's schema gives it after parsing (defaults filled in). */
export type GameListBody = ReturnType<typeof gameListInputSchema.parse>;

const categories: ReadonlySet<string> = new Set(gameCategories);
const platforms: ReadonlySet<string> = new Set(gamePlatforms);
const filters: ReadonlySet<string> = new Set(gameListFilters);

function isText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max;
}

/** An integer number in range: what `z.coerce.number().int().min().max()` passes unchanged. */
function isWhole(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/**
 * The body of a game list request as `gameListInputSchema` parses it, for the bodies players send (a JSON object of
 * the schema's fields with values of their plain types), else undefined. Undefined does not mean invalid: anything
 * else (a string number, an unknown field, a wrong value) is left to the schema, which strips, coerces or refuses
 * it with its own issues. The result is the schema's, field for field and in its order; the catalogue tests hold
 * it to the schema's answers.
 */
export function quickGameListInput(body: unknown): GameListBody | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  let clientType: number | undefined;
  let platform: string | undefined;
  let merchant: string | undefined;
  let gameType: string | undefined;
  let pageNo = 1;
  let pageSize = 20;
  let language: string | undefined;
  let vassalage: string | undefined;
  let filter = 'ALL';
  let keyword: string | undefined;
  const fields = body as Record<string, unknown>;
  for (const key in fields) {
    const value = fields[key];
    switch (key) {
      case 'clientType':
        if (!isWhole(value, 0, 9)) return undefined;
        clientType = value;
        break;
      case 'platform':
        if (typeof value !== 'string' || !platforms.has(value)) return undefined;
        platform = value;
        break;
      case 'merchant':
        if (!isText(value, 40)) return undefined;
        merchant = value;
        break;
      case 'gameType':
        if (typeof value !== 'string' || !categories.has(value)) return undefined;
        gameType = value;
        break;
      case 'pageNo':
        if (!isWhole(value, 1, 100_000)) return undefined;
        pageNo = value;
        break;
      case 'pageSize':
        if (!isWhole(value, 1, 100)) return undefined;
        pageSize = value;
        break;
      case 'language':
        if (!isText(value, 8)) return undefined;
        language = value;
        break;
      case 'vassalage':
        if (!isText(value, 40)) return undefined;
        vassalage = value;
        break;
      case 'filter':
        if (typeof value !== 'string' || !filters.has(value)) return undefined;
        filter = value;
        break;
      case 'keyword':
        if (!isText(value, 60)) return undefined;
        keyword = value;
        break;
      default:
        return undefined;
    }
  }
  // The schema's order: an optional field is there only when it was sent.
  const parsed: Record<string, unknown> = {};
  if (clientType !== undefined) parsed.clientType = clientType;
  if (platform !== undefined) parsed.platform = platform;
  if (merchant !== undefined) parsed.merchant = merchant;
  if (gameType !== undefined) parsed.gameType = gameType;
  parsed.pageNo = pageNo;
  parsed.pageSize = pageSize;
  if (language !== undefined) parsed.language = language;
  if (vassalage !== undefined) parsed.vassalage = vassalage;
  parsed.filter = filter;
  if (keyword !== undefined) parsed.keyword = keyword;
  return parsed as GameListBody;
}

/**
 * The zod validator compiler, with the game list body checked by hand first (`quickGameListInput`): a list or search
 * request then costs a few comparisons instead of a schema pass. Every body the hand check does not take, valid or
 * not, goes to the schema, so errors are the schema's own.
 */
export const gameListValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const zod = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'body' || route.schema !== gameListInputSchema) return zod;
  return (data: unknown) => {
    const value = quickGameListInput(data);
    return value === undefined ? zod(data) : { value };
  };
};
