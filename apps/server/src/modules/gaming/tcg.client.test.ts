import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db';
import { createTestDatabase } from '../../testing';
import { lastRounds, type PulledRound, putPulledRounds } from './gaming.repository';
import { createTcgAdapter } from './tcg.client';
import { decryptTcgParams } from './tcg.crypto';

const desKey = 'r3p0rtK!';

/** A TCG adapter whose HTTP calls are answered by `answer` (the decrypted params are kept in `sent`). */
function adapterAnswering(answer: (params: Record<string, unknown>) => unknown, reportUtcOffsetMinutes?: number) {
  const sent: Array<Record<string, unknown>> = [];
  const adapter = createTcgAdapter({
    apiUrl: 'http://tcg.test/api',
    merchantCode: 'MC',
    desKey,
    signKey: 'sign',
    sitePrefix: 'DEMO',
    currency: async () => ({ code: 'BDT', scale: 2 }),
    timeoutMs: 1_000,
    ...(reportUtcOffsetMinutes !== undefined ? { reportUtcOffsetMinutes } : {}),
    fetch: (async (_url: string, init: RequestInit) => {
      const form = new URLSearchParams(String(init.body));
      const params = JSON.parse(decryptTcgParams(form.get('params') ?? '', desKey)) as Record<string, unknown>;
      sent.push(params);
      return new Response(JSON.stringify(answer(params)), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
  });
  if (!adapter.betRecords) throw new Error('the TCG adapter reads bet reports');
  return { read: adapter.betRecords.bind(adapter), sent };
}

describe('TCG bet-details report (adapter)', () => {
  it('asks bdm with the window in the report time zone and reads rows leniently', async () => {
    const { read, sent } = adapterAnswering(() => ({
      status: 0,
      details: [
        {
          bet_order_no: 'T1',
          username: 'demo42',
          game_code: 'SSC5',
          bet_amount: 10,
          win_amount: '19.2',
          bet_status: 'SETTLED',
          bet_time: '2026-05-01 18:00:00',
          settle_time: '2026-05-01 18:05:00',
        },
        // camelCase names, a cancelled bet of another site, an open bet with 4 decimals.
        {
          betOrderNo: 'T2',
          userName: 'othersite42',
          gameCode: 'SSC5',
          betAmount: '3.00',
          winAmount: 0,
          betStatus: 'cancelled',
          betTime: '2026-05-01 18:01:00',
          settleTime: '2026-05-01T10:02:00Z',
        },
        {
          bet_order_no: 'T3',
          username: 'DEMOguest',
          game_code: 'SSC5',
          bet_amount: '1.2345',
          bet_status: 'UNSETTLED',
          bet_time: '2026-05-01 18:03:00',
        },
        // Unreadable: no id, a negative stake, an unknown status.
        {
          username: 'demo42',
          game_code: 'SSC5',
          bet_amount: 1,
          bet_status: 'SETTLED',
          bet_time: '2026-05-01 18:00:00',
        },
        {
          bet_order_no: 'T5',
          username: 'demo42',
          game_code: 'X',
          bet_amount: -1,
          bet_status: 'SETTLED',
          bet_time: '2026-05-01 18:00:00',
        },
        {
          bet_order_no: 'T6',
          username: 'demo42',
          game_code: 'X',
          bet_amount: 1,
          bet_status: 'WHO',
          bet_time: '2026-05-01 18:00:00',
        },
      ],
      page_info: { current_page: 1, total_pages: 3 },
    }));
    const page = await read({
      vendorCode: 'TCG_LOTTO_VN',
      from: new Date('2026-05-01T09:00:00.700Z'),
      to: new Date('2026-05-01T10:30:00Z'),
      page: 1,
    });
    expect(sent[0]).toMatchObject({
      method: 'bdm',
      product_type: 420,
      start_date: '2026-05-01 17:00:00',
      end_date: '2026-05-01 18:30:00',
      page: 1,
    });
    expect(page).toMatchObject({ page: 1, totalPages: 3, invalid: 3 });
    expect(page.records).toEqual([
      {
        betId: 'T1',
        accountId: 42,
        username: 'demo42',
        gameCode: 'SSC5',
        stakeMinor: 1_000n,
        winMinor: 1_920n,
        status: 'settled',
        betAt: new Date('2026-05-01T10:00:00Z'),
        settledAt: new Date('2026-05-01T10:05:00Z'),
      },
      expect.objectContaining({ betId: 'T2', accountId: null, status: 'cancelled', stakeMinor: 300n }),
      expect.objectContaining({ betId: 'T3', accountId: null, status: 'unsettled', stakeMinor: 123n, settledAt: null }),
    ]);
    expect(page.records[1]?.settledAt).toEqual(new Date('2026-05-01T10:02:00Z'));
  });

  it('uses the configured report time zone, ends paging on a short page without page_info, and fails on a non-zero status', async () => {
    const utc = adapterAnswering(() => ({ status: 0, details: [] }), 0);
    const page = await utc.read({
      vendorCode: 'LOTT',
      from: new Date('2026-05-01T09:00:00Z'),
      to: new Date('2026-05-01T10:00:00Z'),
      page: 2,
    });
    expect(utc.sent[0]).toMatchObject({ product_type: 2, start_date: '2026-05-01 09:00:00' });
    expect(page).toEqual({ records: [], page: 2, totalPages: 2, invalid: 0 });
    const busy = adapterAnswering(() => ({ status: 1, error_desc: 'System busy' }));
    await expect(busy.read({ vendorCode: 'LOTT', from: new Date(), to: new Date(), page: 1 })).rejects.toMatchObject({
      code: 'GAMING_VENDOR_UNAVAILABLE',
    });
  });
});

describe('pulled rounds (repository)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const round = (patch: Partial<PulledRound>): PulledRound => ({
    merchantCode: 'DEMO',
    aggregator: 'tcg',
    roundId: 'T100',
    accountId: 7,
    vendorCode: 'LOTT',
    gameCode: 'SSC5',
    currency: 'BDT',
    stakeMinor: 500n,
    winMinor: 0n,
    status: 'open',
    startedAt: new Date('2026-05-01T10:00:00Z'),
    updatedAt: new Date('2026-05-01T10:00:00Z'),
    closedAt: null,
    ...patch,
  });

  it('sets a round (never adds), counts only real changes, and never lets an open row replace a settled one', async () => {
    const { db } = database;
    expect(await putPulledRounds(db, [round({})])).toBe(1);
    expect(await putPulledRounds(db, [round({})])).toBe(0);
    const settled = round({
      winMinor: 960n,
      status: 'closed',
      updatedAt: new Date('2026-05-01T10:05:00Z'),
      closedAt: new Date('2026-05-01T10:05:00Z'),
    });
    expect(await putPulledRounds(db, [settled])).toBe(1);
    expect(await putPulledRounds(db, [settled])).toBe(0);
    // A late, older page still showing it open.
    expect(await putPulledRounds(db, [round({})])).toBe(0);
    const [stored] = await lastRounds(db, 'DEMO', 7, 10);
    expect(stored).toMatchObject({ stakeMinor: 500n, winMinor: 960n, status: 'closed' });
    // Cancelled afterwards (TCG voided the draw): set to nothing.
    const cancelled = { ...settled, stakeMinor: 0n, winMinor: 0n, status: 'rolled_back' as const };
    expect(await putPulledRounds(db, [cancelled])).toBe(1);
    expect((await lastRounds(db, 'DEMO', 7, 10))[0]).toMatchObject({
      stakeMinor: 0n,
      winMinor: 0n,
      status: 'rolled_back',
    });
  });
});
