import { gameListInputSchema } from '@portal/contract';
import fc from 'fast-check';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { gameListValidatorCompiler, quickGameListInput } from './catalogue.list-input';

const route = {
  schema: gameListInputSchema,
  method: 'POST',
  url: '/wps/relay/GCSGAME_gameList',
  httpPart: 'body',
} as unknown as FastifyRouteSchemaDef<unknown>;
const withHandCheck = gameListValidatorCompiler(route) as (data: unknown) => unknown;
const zodOnly = validatorCompiler(route as never) as (data: unknown) => unknown;

/** The schema's answer and the hand check's must agree: same value (same fields, same order) or no hand answer. */
function expectSameAsSchema(body: unknown): void {
  const quick = quickGameListInput(body);
  const parsed = gameListInputSchema.safeParse(body);
  if (quick !== undefined) {
    expect(parsed.success).toBe(true);
    expect(quick).toStrictEqual(parsed.data);
    expect(Object.keys(quick)).toEqual(Object.keys(parsed.data as object));
  }
  if (!parsed.success) expect(quick).toBeUndefined();
  // Through the compiler: the value, or the schema's own error, exactly as the zod compiler alone gives them.
  expect(withHandCheck(body)).toStrictEqual(zodOnly(body));
}

describe('game list body hand check', () => {
  it('parses the bodies players send as the schema does, defaults and field order included', () => {
    for (const body of [
      {},
      { keyword: 'lucky', pageNo: 1 },
      { gameType: 'RNG', pageNo: 3, pageSize: 20, clientType: 3, platform: 'html5-desktop' },
      { keyword: 'tiger', pageNo: 2, pageSize: 100, filter: 'HOT', language: 'bn', vassalage: 'PG', merchant: 'M1' },
      { filter: 'FAV' },
      { clientType: 0, pageNo: 100_000, pageSize: 1, keyword: '' },
    ]) {
      expect(quickGameListInput(body)).toBeDefined();
      expectSameAsSchema(body);
    }
  });

  it('leaves every other body to the schema, whose errors stand', () => {
    for (const body of [
      null,
      [],
      'text',
      42,
      { pageNo: 0 },
      { pageNo: 100_001 },
      { pageNo: 1.5 },
      { pageNo: '2' },
      { pageSize: 101 },
      { clientType: 10 },
      { clientType: -1 },
      { keyword: 'x'.repeat(61) },
      { keyword: 7 },
      { language: 'too-long-1' },
      { gameType: 'CASINO' },
      { platform: 'desktop' },
      { filter: 'EVERYTHING' },
      { vassalage: 'v'.repeat(41) },
      { merchant: null },
      { pageNo: 1, unknown: true },
    ]) {
      expect(quickGameListInput(body)).toBeUndefined();
      expectSameAsSchema(body);
    }
  });

  it('agrees with the schema on any mix of fields and values', () => {
    const value = fc.oneof(
      fc.integer({ min: -2, max: 100_002 }),
      fc.constantFrom(0, 1, 9, 10, 20, 100, 101, 1.5, -0),
      fc.string({ maxLength: 70 }),
      fc.constantFrom('RNG', 'LIVE', 'ALL', 'HOT', 'FAV', 'html5', 'flash', 'bn', '3', ''),
      fc.boolean(),
      fc.constant(null),
    );
    const key = fc.constantFrom(
      'clientType',
      'platform',
      'merchant',
      'gameType',
      'pageNo',
      'pageSize',
      'language',
      'vassalage',
      'filter',
      'keyword',
      'other',
    );
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 6 }), (body) => expectSameAsSchema(body)),
      { numRuns: 2_000 },
    );
  });
});
