import { createServer } from 'node:net';
import { generateVendorKeys, startVendorSim, type VendorSim } from '@portal/vendor-sim';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing';

/** A port nothing listens on yet (taken from the system, then released for the simulator). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * `npm start` starts the vendor simulator and the portal side by side, so the portal's first catalogue sync may
 * run before the simulator listens. The sync is then tried again within seconds (not after the 65 s of the
 * catalogue-fill job), so the games appear as soon as the vendor answers.
 */
describe('first catalogue sync at start', () => {
  let sim: VendorSim | undefined;
  let app: FastifyInstance | undefined;

  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });

  it('retries while no vendor answers, and fills the catalogue once the vendor listens', async () => {
    const keys = generateVendorKeys();
    const port = await freePort();
    app = await buildTestApp({
      jobsEnabled: true,
      hub88: {
        apiUrl: `http://127.0.0.1:${port}/hub88`,
        operatorId: '1',
        privateKeyPem: keys.operator.privateKeyPem,
        publicKeyPem: keys.sim.publicKeyPem,
      },
      vendorTimeoutMs: 5_000,
    });
    await app.ready();
    const portal = app;
    const gameCount = async () => {
      const list = await portal.inject({
        method: 'POST',
        url: '/wps/relay/GCSGAME_gameList',
        payload: { gameType: 'RNG', pageNo: 1 },
      });
      return (list.json().value.content as unknown[]).length;
    };
    // The first attempt has met a closed port by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await gameCount()).toBe(0);

    sim = await startVendorSim({
      port,
      portalUrl: 'http://127.0.0.1:9',
      hub88: {
        operatorId: '1',
        privateKeyPem: keys.sim.privateKeyPem,
        operatorPublicKeyPem: keys.operator.publicKeyPem,
      },
      tcg: { merchantCode: 'SIMMC', desKey: 'sImK3y!8', signKey: 'sim-sign-key-for-tests' },
      gameListRateLimitPerMinute: 0,
      lottery: { autoDraw: false },
    });
    // Well inside the catalogue-fill job's 65 s: the retries (1, 2, 4 s after the first attempt) find the vendor.
    const deadline = Date.now() + 20_000;
    let count = 0;
    while (count === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      count = await gameCount();
    }
    expect(count).toBeGreaterThan(0);
  }, 60_000);
});
