import { accountTypes } from '@portal/contract';
import { hashPassword } from './identity.passwords';
import type { AccountSummary, IdentityService } from './identity.service';

export type DemoLogin = { role: 'member' | 'agent'; username: string; password: string };

/** The demo accounts; their passwords satisfy the seeded password rule (STRONG_PASSWORD, 8 to 20). */
const demoAgent = { username: 'demo_agent', password: 'Agent#2026demo', nickname: 'Demo Agent' };
const demoPlayer = { username: 'demo_player', password: 'Player#2026demo', nickname: 'Demo Player' };
const demoDownline = [1, 2, 3].map((n) => ({
  username: `demo_member${n}`,
  password: `Member#2026demo${n}`,
  nickname: `Demo Member ${n}`,
}));

/**
 * Seeds the demo accounts (SEED_DEMO): a member, an agent (type 1) and three members in the agent's
 * downline. Idempotent: an account that exists is left as it is (its password may have been changed since).
 * Returns the logins so that start-up can print them. Free play makes trial accounts, so none is seeded.
 */
export async function seedDemoAccounts(identity: IdentityService): Promise<DemoLogin[]> {
  const ordered = [demoPlayer, demoAgent, ...demoDownline];
  const existing = await Promise.all(ordered.map((spec) => identity.findAccountByUsername(spec.username)));
  // The missing accounts' argon2id hashes side by side on the thread pool (about 0.1 s each here, one after
  // another they were most of the seeding), then the accounts one after another, so that ids follow the names
  // (demo_player, demo_agent, demo_member1…) on every database.
  const hashes = await Promise.all(
    ordered.map((spec, index) => (existing[index] ? Promise.resolve(null) : hashPassword(spec.password))),
  );
  const ensure = async (index: number, type: number, uplineId: number | null): Promise<AccountSummary> => {
    const found = existing[index];
    if (found) return found;
    const spec = ordered[index] as (typeof ordered)[number];
    try {
      return await identity.createAccount({
        username: spec.username,
        password: spec.password,
        passwordHash: hashes[index] ?? undefined,
        nickname: spec.nickname,
        type,
        uplineId,
        mustChangePassword: false,
      });
    } catch (error) {
      // Another instance starting at the same moment created it first.
      const winner = await identity.findAccountByUsername(spec.username);
      if (winner) return winner;
      throw error;
    }
  };
  await ensure(0, accountTypes.MEMBER, null);
  const agent = await ensure(1, accountTypes.AGENT, null);
  for (let index = 2; index < ordered.length; index += 1) await ensure(index, accountTypes.MEMBER, agent.id);
  return [
    { role: 'member', username: demoPlayer.username, password: demoPlayer.password },
    { role: 'agent', username: demoAgent.username, password: demoAgent.password },
    ...demoDownline.map((member) => ({
      role: 'member' as const,
      username: member.username,
      password: member.password,
    })),
  ];
}
