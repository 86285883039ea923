// Lists the SQL statements of one seamless bet and one win (PostgreSQL at BENCH_DATABASE_URL, a scratch database),
// in order, as the pg driver sends them: `node --import tsx bench/games-load/count-statements.mjs`.
import { createSign, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_count_${randomBytes(4).toString('hex')}`;
const adminClient = new pg.Client({ connectionString: adminUrl });
await adminClient.connect();
await adminClient.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const keys = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const aggregator = keys();
const operator = keys();
process.env.BENCH_DATABASE_URL_APP = url.toString();
process.env.BENCH_AGGREGATOR_PUBLIC_KEY = aggregator.publicKey;
process.env.BENCH_OPERATOR_PRIVATE_KEY = operator.privateKey;
process.env.BENCH_GAMES = '100';
let log = null;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (log && text) log.push(text.replace(/\s+/g, ' ').slice(0, 160));
  return original.call(this, config, ...rest);
};
const messages = [];
process.send = (message) => messages.push(message);
await import('./server.mjs');
const ready = messages.find((message) => message.type === 'ready');
process.emit('message', { type: 'players', count: 1, funds: String(10n ** 12n) });
while (!messages.some((message) => message.type === 'players')) await new Promise((resolve) => setTimeout(resolve, 50));
const [player] = messages.find((message) => message.type === 'players').players;
const sign = (body) => {
  const raw = JSON.stringify(body);
  return { raw, signature: createSign('RSA-SHA256').update(raw).sign(aggregator.privateKey, 'base64') };
};
async function call(endpoint, body) {
  const { raw, signature } = sign(body);
  log = [];
  const response = await fetch(`${ready.address}/gateway/hub88/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub88-signature': signature },
    body: raw,
  });
  const status = (await response.json()).status;
  await new Promise((resolve) => setTimeout(resolve, 200)); // the debounced balance push
  console.info(`\n${endpoint}: ${status}, ${log.length} statements`);
  for (const line of log) console.info(`  ${line}`);
  log = null;
}
for (let index = 0; index < 2; index += 1) {
  const bet = {
    user: player.user,
    token: player.token,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    round: randomUUID(),
    round_closed: false,
    game_code: 'pg_0',
    currency: 'BDT',
    amount: 100_000,
  };
  await call('transaction/bet', bet);
  await call('transaction/win', {
    ...bet,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: bet.transaction_uuid,
    round_closed: true,
    amount: 50_000,
  });
}
await adminClient.query(`drop database if exists ${name} with (force)`);
await adminClient.end();
process.exit(0);
