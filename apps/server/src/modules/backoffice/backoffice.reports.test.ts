import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CashierReport, DailyPlayReport, Dashboard, VendorPlayReport } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromCashierDayTurn } from '../../testing';
import type { FeedGame, VendorFeed } from '../catalogue';
import { hub88UserOf, signHub88Body } from '../gaming';
import { csvField, toCsv } from './backoffice.reports.service';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

// Members, money, launches and vendor wallet calls are made here as a player and a vendor would make them (the lint
// rules keep the gaming and wallet modules' test helpers out of this module).

/** 1 BDT at Hub88's scale (1/100000 of the currency). */
const BDT = 100_000;
const paymentPassword = '246810';
const loginPassword = 'Secret#2026';

function rsaKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** Hub88's launch call, reduced to what a launch needs: it remembers the wallet token it was given. */
async function startFakeHub88() {
  const tokens: string[] = [];
  const server = Fastify();
  server.post('/hub88/operator/generic/v2/game/url', async (request) => {
    const body = request.body as { token?: string; game_code: string };
    if (body.token) tokens.push(body.token);
    return { url: `https://play.sim.example/${body.game_code}` };
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hub88`, tokens };
}

function feed(): VendorFeed {
  const game = (vendorCode: string, gameCode: string): FeedGame => ({
    vendorCode,
    gameCode,
    gameType: 'RNG',
    name: gameCode,
    showIcon: null,
    iconUrl: null,
    largeIcon: null,
    trialSupport: false,
    enabled: true,
  });
  return {
    aggregator: 'hub88',
    walletMode: 'seamless',
    vendors: [
      { code: 'PG', name: 'PG Soft', category: 'RNG', iconUrl: null, sortOrder: 1 },
      // A name with a comma and a quote: the CSV must escape it.
      { code: 'JDB', name: 'JDB "Jackpot", Ltd', category: 'RNG', iconUrl: null, sortOrder: 2 },
    ],
    games: [game('PG', 'pg_fortune'), game('JDB', 'jdb_fish')],
  };
}

let members = 0;

async function newMember(app: FastifyInstance, funds?: string) {
  members += 1;
  const username = `borep${Date.now().toString(36).slice(-5)}${members}`.slice(0, 16);
  const account = await app.services.identity.createAccount({ username, password: loginPassword, type: 0 });
  await app.services.identity.setPaymentPassword(account.id, paymentPassword);
  await app.services.identity.setPayeeNameIfEmpty(account.id, 'Rahim Uddin');
  const { token } = await app.services.identity.login(
    { username, password: loginPassword },
    { ip: `10.6.${members % 250}.1` },
  );
  if (funds) {
    const { wallet } = app.services;
    const [clearing, cash] = await Promise.all([
      wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT'),
      wallet.ensureAccount({ type: 'player', id: account.id }, 'PLAYER_CASH', 'BDT'),
    ]);
    await wallet.transfer({
      idempotencyKey: `bo-report-fund:${randomBytes(8).toString('hex')}`,
      debit: clearing.id,
      credit: cash.id,
      amountMinor: BigInt(funds) * 100n,
      currency: 'BDT',
      kind: 'DEPOSIT',
    });
  }
  return { id: account.id, username, token };
}

function pngBytes(): Buffer {
  const png = new PNG({ width: 4, height: 3 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

function multipart(fields: Record<string, string>) {
  const boundary = `----boreports${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="receipts"; filename="receipt.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    pngBytes(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** CSV text back to rows (handles quoted fields with commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  return rows;
}

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas in text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-10.00', 'number')).toBe('-10.00');
    expect(csvField(42, 'number')).toBe('42');
    const csv = toCsv(['name', 'amount'], [['x,y', '-1.50']], new Set([1]));
    expect(csv).toBe('\uFEFFname,amount\r\n"x,y",-1.50\r\n');
    expect(parseCsv(csv)).toEqual([
      ['name', 'amount'],
      ['x,y', '-1.50'],
    ]);
  });
});

describe('back office: reports', () => {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'bo-report-uploads-'));
  const aggregator = rsaKeyPair();
  let hub88: Awaited<ReturnType<typeof startFakeHub88>>;
  let bo: BackofficeTestApp;
  let owner: string;
  let finance: string;
  let risk: string;
  let content: string;
  let support: string;
  let today: string;

  async function wallet(endpoint: string, body: Record<string, unknown>) {
    const raw = JSON.stringify(body);
    const response = await bo.app.inject({
      method: 'POST',
      url: `/gateway/hub88/${endpoint}`,
      headers: {
        'content-type': 'application/json',
        'x-hub88-signature': signHub88Body(raw, aggregator.privateKeyPem),
      },
      payload: raw,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.status, JSON.stringify(answer)).toBe('RS_OK');
    return answer;
  }

  /** Launches the game for real money (as the member) and answers the wallet token the vendor was handed. */
  async function launch(member: { token: string }, gameCode: string, vassalage: string): Promise<string> {
    const response = await bo.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization: member.token },
      payload: { gameCode, vassalage, mode: 'real' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return hub88.tokens.at(-1) as string;
  }

  /** One round: a bet and, when `win` is given, a win that closes it. Amounts in whole BDT. */
  async function round(member: { id: number }, session: string, gameCode: string, bet: number, win?: number) {
    const base = { user: hub88UserOf(member.id), token: session, game_code: gameCode, currency: 'BDT' };
    const roundId = randomUUID();
    const betBody = {
      ...base,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      round: roundId,
      round_closed: win === undefined,
      amount: bet * BDT,
    };
    await wallet('transaction/bet', betBody);
    if (win !== undefined) {
      await wallet('transaction/win', {
        ...base,
        request_uuid: randomUUID(),
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: betBody.transaction_uuid,
        round: roundId,
        round_closed: true,
        amount: win * BDT,
      });
    }
    return betBody;
  }

  beforeAll(async () => {
    // Everything below reads the figures of "today": not across the cashier day's turn.
    await awayFromCashierDayTurn({ before: 180_000 });
    hub88 = await startFakeHub88();
    const operator = rsaKeyPair();
    bo = await buildBackofficeTestApp({
      config: {
        uploadsDir,
        rateLimitPerMinute: 100_000,
        withdrawMinAmount: '100',
        withdrawMaxAmount: '50000',
        withdrawDailyMaxCount: 100,
        withdrawDailyMaxAmount: '10000000',
        hub88: {
          apiUrl: hub88.url,
          operatorId: '1',
          privateKeyPem: operator.privateKeyPem,
          publicKeyPem: aggregator.publicKeyPem,
        },
      },
    });
    await bo.app.services.catalogue.applyFeed(feed());
    owner = await bo.signIn('owner');
    finance = await createOperatorAndSignIn(bo, owner, 'finance.rep', 'finance');
    risk = await createOperatorAndSignIn(bo, owner, 'risk.rep', 'risk');
    content = await createOperatorAndSignIn(bo, owner, 'content.rep', 'content');
    support = await createOperatorAndSignIn(bo, owner, 'support.rep', 'support');

    // Play: A bets 10 and wins 25 on PG, then bets 5 and loses; B bets 20 on JDB and loses; a bet of 7 by B is
    // rolled back (its round does not count). Bets 35.00, wins 25.00, GGR 10.00, 3 rounds, 2 players.
    const a = await newMember(bo.app, '1000');
    const b = await newMember(bo.app, '1000');
    const sessionA = await launch(a, 'pg_fortune', 'PG');
    await round(a, sessionA, 'pg_fortune', 10, 25);
    await round(a, sessionA, 'pg_fortune', 5, 0);
    const sessionB = await launch(b, 'jdb_fish', 'JDB');
    await round(b, sessionB, 'jdb_fish', 20);
    const cancelled = await round(b, sessionB, 'jdb_fish', 7);
    await wallet('transaction/rollback', {
      user: hub88UserOf(b.id),
      token: sessionB,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: cancelled.transaction_uuid,
      round: cancelled.round,
      round_closed: true,
      game_code: 'jdb_fish',
    });

    // Cashier: a manual deposit of 2,500.00 approved, one rejected; a withdrawal of 300.00 to bKash paid.
    const depositor = await newMember(bo.app);
    for (const [index, decision] of (['approve', 'reject'] as const).entries()) {
      const form = multipart({ channelCode: 'MANUAL_BANK', amount: '2500', reference: `TX-REP-${index}` });
      const filed = await bo.app.inject({
        method: 'POST',
        url: '/wps/cashier/deposit/manual',
        headers: {
          authorization: depositor.token,
          'idempotency-key': `rep-dep-${index}-${Date.now()}`,
          'content-type': form.contentType,
        },
        payload: form.payload,
      });
      expect(filed.statusCode, filed.body).toBe(200);
      const decided = await bo.call('POST', `/cashier/deposits/${filed.json().value.id}/${decision}`, {
        cookie: finance,
        body: decision === 'reject' ? { reason: 'No such transfer' } : {},
      });
      expect(decided.statusCode, decided.body).toBe(200);
    }
    const payee = await newMember(bo.app, '1000');
    const bound = await bo.app.inject({
      method: 'POST',
      url: '/wps/member/bank-accounts',
      headers: { authorization: payee.token },
      payload: { bankCode: 'BKASH', accountNumber: '01712345678', holderName: 'Rahim Uddin' },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const asked = await bo.app.inject({
      method: 'POST',
      url: '/wps/cashier/withdraw',
      headers: { authorization: payee.token, 'idempotency-key': `rep-wd-${Date.now()}` },
      payload: { amount: '300', bankAccountId: bound.json().value.id, paymentPassword },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const paid = await bo.call('POST', `/cashier/withdrawals/${asked.json().value.id}/approve`, {
      cookie: finance,
      body: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const probe = await bo.call('GET', '/reports/daily', { cookie: finance });
    expect(probe.statusCode, probe.body).toBe(200);
    today = probe.json().value.to;
  }, 180_000);

  afterAll(async () => {
    await bo?.app.close();
    await hub88?.server.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('reports play by day: every day of the range, sums equal to the rounds played', async () => {
    const response = await bo.call('GET', '/reports/daily', { cookie: finance });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().value as DailyPlayReport;
    expect(report.days).toHaveLength(7);
    expect(report.days.at(-1)?.date).toBe(today);
    expect(report.days.at(-1)).toMatchObject({
      bets: { amount: '35.00', minor: '3500' },
      wins: { amount: '25.00', minor: '2500' },
      ggr: { amount: '10.00', minor: '1000' },
      rounds: 3,
      players: 2,
    });
    expect(report.days.slice(0, -1).every((day) => day.rounds === 0 && day.bets.minor === '0')).toBe(true);
    const { date: _date, ...todayFigures } = report.days.at(-1) ?? { date: '' };
    expect(report.total).toEqual(todayFigures);

    // A range that ends yesterday has no play.
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = (await bo.call('GET', `/reports/daily?from=${yesterday}&to=${yesterday}`, { cookie: risk })).json()
      .value as DailyPlayReport;
    expect(before.days).toEqual([expect.objectContaining({ date: yesterday, rounds: 0 })]);
    expect(before.total.bets.minor).toBe('0');
  });

  it('reports play by vendor, highest bets first, with a negative GGR where players won', async () => {
    const report = (await bo.call('GET', `/reports/vendors?from=${today}&to=${today}`, { cookie: finance })).json()
      .value as VendorPlayReport;
    expect(report.vendors).toEqual([
      {
        vendorCode: 'JDB',
        vendorName: 'JDB "Jackpot", Ltd',
        bets: { amount: '20.00', minor: '2000' },
        wins: { amount: '0.00', minor: '0' },
        ggr: { amount: '20.00', minor: '2000' },
        rounds: 1,
        players: 1,
      },
      {
        vendorCode: 'PG',
        vendorName: 'PG Soft',
        bets: { amount: '15.00', minor: '1500' },
        wins: { amount: '25.00', minor: '2500' },
        ggr: { amount: '-10.00', minor: '-1000' },
        rounds: 2,
        players: 1,
      },
    ]);
    expect(report.total).toMatchObject({ bets: { minor: '3500' }, wins: { minor: '2500' }, players: 2 });
  });

  it("adds today's bets, wins and GGR to the dashboard", async () => {
    const dashboard = (await bo.call('GET', '/dashboard', { cookie: finance })).json().value as Dashboard;
    const day = dashboard.days.at(-1);
    expect(day?.date).toBe(today);
    expect(day).toMatchObject({
      bets: { amount: '35.00', minor: '3500' },
      wins: { amount: '25.00', minor: '2500' },
      ggr: { amount: '10.00', minor: '1000' },
    });
    expect(dashboard.days[0]?.bets.minor).toBe('0');
  });

  it('reports the cashier by day and channel: only completed deposits and paid withdrawals', async () => {
    const report = (await bo.call('GET', '/reports/cashier', { cookie: risk })).json().value as CashierReport;
    expect(report.rows).toEqual([
      {
        date: today,
        direction: 'deposit',
        channel: 'MANUAL_BANK',
        count: 1,
        sum: { amount: '2500.00', minor: '250000' },
      },
      { date: today, direction: 'withdrawal', channel: 'BKASH', count: 1, sum: { amount: '300.00', minor: '30000' } },
    ]);
    expect(report.totals).toEqual({
      deposits: { count: 1, sum: { amount: '2500.00', minor: '250000' } },
      withdrawals: { count: 1, sum: { amount: '300.00', minor: '30000' } },
      net: { amount: '2200.00', minor: '220000' },
    });
  });

  it('sorts each report on the server by a column, ties by the row key, and refuses other columns', async () => {
    const get = async <T>(path: string): Promise<T> => {
      const response = await bo.call('GET', path, { cookie: finance });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value as T;
    };
    // Today has the play; the other six days are zero and keep date order among themselves, in the same direction.
    const byBets = await get<DailyPlayReport>('/reports/daily?sort=bets&order=desc');
    expect(byBets.days[0]?.date).toBe(today);
    const zeroDays = byBets.days.slice(1).map((day) => day.date);
    expect(zeroDays).toEqual([...zeroDays].sort().reverse());
    const oldestLast = await get<DailyPlayReport>('/reports/daily?sort=date&order=desc');
    expect(oldestLast.days.map((day) => day.date)).toEqual(
      byBets.days
        .map((day) => day.date)
        .sort()
        .reverse(),
    );

    const vendors = (query: string) =>
      get<VendorPlayReport>(`/reports/vendors?from=${today}&to=${today}&${query}`).then((report) =>
        report.vendors.map((vendor) => vendor.vendorCode),
      );
    expect(await vendors('sort=ggr&order=asc')).toEqual(['PG', 'JDB']);
    expect(await vendors('sort=rounds&order=desc')).toEqual(['PG', 'JDB']);
    // By name, any case: "JDB \"Jackpot\", Ltd" before "PG Soft".
    expect(await vendors('sort=vendor&order=asc')).toEqual(['JDB', 'PG']);

    const cashier = await get<CashierReport>('/reports/cashier?sort=sum&order=asc');
    expect(cashier.rows.map((row) => row.channel)).toEqual(['BKASH', 'MANUAL_BANK']);

    for (const path of ['/reports/daily?sort=vendor', '/reports/vendors?sort=date', '/reports/cashier?order=up']) {
      const refused = await bo.call('GET', path, { cookie: finance });
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('exports each report as CSV with one row per line and escaped text', async () => {
    const daily = await bo.call('GET', `/reports/daily/csv?from=${today}&to=${today}`, { cookie: finance });
    expect(daily.statusCode).toBe(200);
    expect(daily.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(daily.headers['content-disposition']).toBe(`attachment; filename="play-by-day_${today}_${today}.csv"`);
    expect(parseCsv(daily.body)).toEqual([
      ['date', 'currency', 'bets', 'wins', 'ggr', 'rounds', 'players'],
      [today, 'BDT', '35.00', '25.00', '10.00', '3', '2'],
      ['total', 'BDT', '35.00', '25.00', '10.00', '3', '2'],
    ]);

    const vendors = await bo.call('GET', `/reports/vendors/csv?from=${today}&to=${today}`, { cookie: finance });
    expect(vendors.body).toContain('JDB,"JDB ""Jackpot"", Ltd",BDT,20.00,0.00,20.00,1,1\r\n');
    expect(parseCsv(vendors.body)).toEqual([
      ['vendor', 'vendor_name', 'currency', 'bets', 'wins', 'ggr', 'rounds', 'players'],
      ['JDB', 'JDB "Jackpot", Ltd', 'BDT', '20.00', '0.00', '20.00', '1', '1'],
      ['PG', 'PG Soft', 'BDT', '15.00', '25.00', '-10.00', '2', '1'],
      ['total', '', 'BDT', '35.00', '25.00', '10.00', '3', '2'],
    ]);

    const cashier = await bo.call('GET', `/reports/cashier/csv?from=${today}&to=${today}`, { cookie: risk });
    expect(parseCsv(cashier.body)).toEqual([
      ['date', 'direction', 'channel', 'currency', 'count', 'sum'],
      [today, 'deposit', 'MANUAL_BANK', 'BDT', '1', '2500.00'],
      [today, 'withdrawal', 'BKASH', 'BDT', '1', '300.00'],
    ]);

    // Exports take figures out of the console: each is in the audit log.
    const audit = (await bo.call('GET', '/audit?action=reports.&pageSize=10', { cookie: owner })).json().value;
    expect(audit.items.map((entry: { target: string }) => entry.target)).toEqual([
      `report:cashier:${today}..${today}`,
      `report:vendors:${today}..${today}`,
      `report:daily:${today}..${today}`,
    ]);
    expect(audit.items[0]).toMatchObject({
      operatorUsername: 'risk.rep',
      action: 'reports.exported',
      after: { report: 'cashier', lines: 2 },
    });
  });

  it('refuses a range that ends before it starts or spans more than a year', async () => {
    const backwards = await bo.call('GET', '/reports/daily?from=2030-01-02&to=2030-01-01', { cookie: finance });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('VALIDATION_FAILED');
    const long = await bo.call('GET', '/reports/cashier?from=2028-01-01&to=2030-01-01', { cookie: finance });
    expect(long.json().code).toBe('VALIDATION_FAILED');
    expect((await bo.call('GET', '/reports/vendors?from=2030-02-31', { cookie: finance })).statusCode).toBe(400);
  });

  it('refuses operators without reports.read, and callers without a session', async () => {
    for (const cookie of [content, support]) {
      for (const route of ['/reports/daily', '/reports/vendors/csv', '/reports/cashier']) {
        const refused = await bo.call('GET', route, { cookie });
        expect(refused.statusCode, route).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'BO_FORBIDDEN', params: { permission: 'reports.read' } });
      }
    }
    expect((await bo.call('GET', '/reports/daily/csv')).statusCode).toBe(401);
    expect((await bo.call('GET', '/reports/daily', { cookie: owner })).statusCode).toBe(200);
  });
});
