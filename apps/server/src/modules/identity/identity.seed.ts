import { accountTypes } from '@portal/contract';
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
  const ensure = async (
    spec: { username: string; password: string; nickname: string },
    type: number,
    uplineId: number | null,
  ): Promise<AccountSummary> => {
    const existing = await identity.findAccountByUsername(spec.username);
    if (existing) return existing;
    try {
      return await identity.createAccount({
        username: spec.username,
        password: spec.password,
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
  // Side by side: each account costs one argon2id hash, which runs on the thread pool, not the event loop.
  const [, agent] = await Promise.all([
    ensure(demoPlayer, accountTypes.MEMBER, null),
    ensure(demoAgent, accountTypes.AGENT, null),
  ]);
  // One after another, so the downline's ids follow its names (demo_member1 first) on every database.
  for (const member of demoDownline) await ensure(member, accountTypes.MEMBER, agent.id);
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
