import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackofficeService } from './backoffice.service';
import { type BackofficeTestApp, buildBackofficeTestApp, ownerPassword, totpCode } from './backoffice.test-helpers';

let bo: BackofficeTestApp | undefined;

afterEach(async () => {
  await bo?.app.close();
  bo = undefined;
});

async function storedSecret(app: BackofficeTestApp): Promise<string | null> {
  const result = (await app.app.database.db.execute(
    sql`select totp_secret from backoffice_operators where username = 'owner'`,
  )) as unknown as { rows: { totp_secret: string | null }[] };
  return result.rows[0]?.totp_secret ?? null;
}

describe('TOTP secrets at rest (BO_TOTP_KEY)', () => {
  it('stores the secret sealed with AES-GCM and still accepts codes made from it', async () => {
    const key = randomBytes(32);
    bo = await buildBackofficeTestApp({ config: { boTotpKey: key.toString('hex') } });
    await bo.signIn('owner');
    const secret = bo.secrets.get('owner');
    const stored = await storedSecret(bo);
    expect(stored).toMatch(/^gcm1:/);
    expect(stored).not.toContain(secret);
    // A second sign-in reads the sealed secret back.
    expect(await bo.signIn('owner')).toBeTruthy();
  });

  it('seals secrets stored plain before a key was set, and only the right key opens them', async () => {
    bo = await buildBackofficeTestApp();
    await bo.signIn('owner');
    const secret = bo.secrets.get('owner') ?? '';
    expect(await storedSecret(bo)).toBe(secret);

    const key = randomBytes(32);
    const deps = { db: bo.app.database.db, system: bo.app.services.system, now: bo.clock.now };
    const keyed = createBackofficeService({ ...deps, totpKey: key });
    expect(await keyed.sealStoredTotpSecrets()).toBe(1);
    expect(await keyed.sealStoredTotpSecrets()).toBe(0);
    expect(await storedSecret(bo)).toMatch(/^gcm1:/);

    const password = bo.passwords.get('owner') ?? ownerPassword;
    const step = await keyed.login({ username: 'owner', password }, { ip: '127.0.0.1' });
    bo.clock.advance(30_000);
    const session = await keyed.completeLogin(
      { challenge: step.challenge, code: totpCode(secret, bo.clock.now()) },
      { ip: '127.0.0.1' },
    );
    expect(session.token).toBeTruthy();

    // Another key cannot open it (GCM authentication fails): no code is accepted.
    const wrong = createBackofficeService({ ...deps, totpKey: randomBytes(32) });
    const again = await wrong.login({ username: 'owner', password }, { ip: '127.0.0.1' });
    bo.clock.advance(30_000);
    await expect(
      wrong.completeLogin({ challenge: again.challenge, code: totpCode(secret, bo.clock.now()) }, { ip: '127.0.0.1' }),
    ).rejects.toThrow();
  });
});
