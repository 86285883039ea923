import {
  type AccountRole,
  accountRoleOf,
  accountTypes,
  type PlayerDetail,
  type PlayerDownlinePage,
  type PlayerDownlineQuery,
  type PlayerKind,
  type PlayerListItem,
  type PlayerPage,
  type PlayerQuery,
  type PlayerRef,
  type PlayerSecurity,
} from '@portal/contract';
import type { Db } from '../../platform/db';
import * as repo from './identity.operator.repository';

export type IdentityOperatorDeps = {
  db: Db;
  merchantCode: string;
  /** Used to tell live sessions from idle ones. */
  sessionIdleMinutes: number;
  now?: () => Date;
};

const kindTypes: Record<PlayerKind, number[]> = {
  member: [accountTypes.MEMBER],
  agent: [accountTypes.AGENT, accountTypes.AGENT_2, accountTypes.AGENT_41, accountTypes.AGENT_42],
  trial: [accountTypes.TRIAL],
};

function kindOf(type: number): PlayerKind {
  const role: AccountRole | null = accountRoleOf(type);
  return role === 'agent' || role === 'trial' ? role : 'member';
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

function listItem(row: repo.OperatorAccountRow): PlayerListItem {
  return {
    id: row.id,
    username: row.username,
    kind: kindOf(row.type),
    type: row.type,
    status: row.status === 'active' ? 'active' : 'disabled',
    mobile: row.mobile,
    email: row.email,
    uplineId: row.uplineId,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: iso(row.lastLoginAt),
    lastLoginIp: row.lastLoginIp,
  };
}

function ref(row: repo.OperatorAccountRow): PlayerRef {
  return { id: row.id, username: row.username, kind: kindOf(row.type) };
}

/**
 * What the back office reads of player and agent accounts: search, profile with upline and downline, sessions
 * and login attempts, and the counts of the dashboard. Changes (status, passwords) stay with the identity
 * service, whose rules (disabling ends every session) apply; this adds only the forced password change.
 */
export function createIdentityOperatorService(deps: IdentityOperatorDeps) {
  const { db, merchantCode } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async searchAccounts(query: PlayerQuery): Promise<PlayerPage> {
      const { pageNo, pageSize } = query;
      const { rows, total } = await repo.searchAccounts(
        db,
        {
          merchantCode,
          ...(query.q ? { text: query.q } : {}),
          ...(query.kind ? { types: kindTypes[query.kind] } : {}),
          ...(query.status ? { status: query.status } : {}),
        },
        { offset: (pageNo - 1) * pageSize, limit: pageSize },
        { sort: query.sort, order: query.order },
      );
      return { items: rows.map(listItem), pageNo, pageSize, total, totalPages: Math.ceil(total / pageSize) };
    },

    /**
     * Ids of the active member and/or agent accounts registered in [from, to) and, when an agent is given, below
     * it (direct downline, or every level). For inbox messages to a segment; trial accounts are never included.
     */
    async segmentAccountIds(filter: {
      kinds: ('member' | 'agent')[];
      registeredFrom: Date | null;
      registeredTo: Date | null;
      uplineId: number | null;
      wholeDownline: boolean;
    }): Promise<number[]> {
      return repo.segmentAccountIds(db, {
        merchantCode,
        types: filter.kinds.flatMap((kind) => kindTypes[kind]),
        registeredFrom: filter.registeredFrom,
        registeredTo: filter.registeredTo,
        uplineId: filter.uplineId,
        wholeDownline: filter.wholeDownline,
      });
    },

    /** The profile with upline and direct downline (first 100), or null for an account of no such id. */
    async accountProfile(id: number): Promise<Omit<PlayerDetail, 'balance'> | null> {
      const row = await repo.findAccount(db, merchantCode, id);
      if (!row) return null;
      const [upline] = row.uplineId ? await repo.findAccounts(db, [row.uplineId]) : [];
      const [downline, twoFactorEnabled] = await Promise.all([
        repo.listDownline(db, row.id, 100),
        repo.hasTwoFactor(db, row.id),
      ]);
      return {
        account: {
          ...listItem(row),
          nickname: row.nickname,
          realName: row.realName,
          language: row.language,
          inviteCode: row.inviteCode,
          mustChangePassword: row.mustChangePassword,
          failedLoginCount: row.failedLoginCount,
          lockedUntil: iso(row.lockedUntil),
          registerIp: row.registerIp,
          registerMethod: row.registerMethod,
          twoFactorEnabled,
        },
        upline: upline ? ref(upline) : null,
        downline: downline.rows.map(ref),
        downlineTotal: downline.total,
      };
    },

    /**
     * One level of the downline tree below an account (only accounts whose upline it is), each with the size of
     * its own downline; null for an account of no such id.
     */
    async downline(id: number, query: PlayerDownlineQuery): Promise<PlayerDownlinePage | null> {
      const row = await repo.findAccount(db, merchantCode, id);
      if (!row) return null;
      const { pageNo, pageSize } = query;
      const { rows, total } = await repo.listDownlinePage(db, merchantCode, row.id, {
        offset: (pageNo - 1) * pageSize,
        limit: pageSize,
      });
      return {
        items: rows.map(({ account, downlineTotal }) => ({
          ...ref(account),
          status: account.status === 'active' ? ('active' as const) : ('disabled' as const),
          createdAt: account.createdAt.toISOString(),
          downlineTotal,
        })),
        pageNo,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    /**
     * Switches two-step verification off for an account that lost its authenticator: its next login asks for the
     * password only, and it can enrol again. False when it had none.
     */
    resetTwoFactor: (id: number): Promise<boolean> => repo.deleteTwoFactor(db, id),

    /** Lifts a lockout after too many wrong passwords (the account may log in again at once). */
    clearLockout: (id: number): Promise<void> => repo.clearLockout(db, id, now()),

    /** The 30 latest sessions and login attempts, with their IPs. */
    async accountSecurity(id: number): Promise<PlayerSecurity | null> {
      const row = await repo.findAccount(db, merchantCode, id);
      if (!row) return null;
      const at = now().getTime();
      const idleMs = deps.sessionIdleMinutes * 60_000;
      const [sessions, logins] = await Promise.all([
        repo.listSessions(db, row.id, 30),
        repo.listLoginAttempts(db, merchantCode, row, 30),
      ]);
      return {
        sessions: sessions.map((session) => ({
          id: session.id,
          scope: session.scope,
          loginMethod: session.loginMethod,
          ip: session.ip,
          userAgent: session.userAgent,
          device: session.device,
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
          revokedAt: iso(session.revokedAt),
          active: !session.revokedAt && session.expiresAt.getTime() > at && session.lastSeenAt.getTime() + idleMs > at,
        })),
        logins: logins.map((attempt) => ({
          id: attempt.id,
          at: attempt.at.toISOString(),
          ip: attempt.ip,
          success: attempt.success,
          reason: attempt.reason,
        })),
      };
    },

    /**
     * Makes the account choose a new password at its next login and ends its sessions, so that the next login
     * comes at once. (The login asks for the change while the FORCEPWD3 feature is on.)
     */
    async forcePasswordChange(id: number): Promise<number> {
      const at = now();
      await repo.markMustChangePassword(db, id, at);
      return repo.revokeSessions(db, id, at);
    },

    /** New accounts and accounts with a session in use, per period [from, to). */
    async activityCounts(periods: { from: Date; to: Date }[]) {
      return Promise.all(
        periods.map(async ({ from, to }) => ({
          registrations: await repo.countRegistrations(db, merchantCode, from, to),
          activePlayers: await repo.countActiveAccounts(db, merchantCode, from, to),
        })),
      );
    },
  };
}

export type IdentityOperatorService = ReturnType<typeof createIdentityOperatorService>;
