import { randomUUID } from 'node:crypto';
import {
  type AuditChainStatus,
  type AuditPage,
  type AuditQuery,
  type CustomerServiceInput,
  type GeneralSettingsInput,
  type MaintenanceInput,
  type Operator,
  type OperatorList,
  type OperatorLoginInput,
  type OperatorLoginStep,
  type OperatorMe,
  type OperatorQuery,
  type OperatorRole,
  type OperatorTotpInput,
  type OperatorWithPassword,
  operatorRoles,
  type RegisterFieldsInput,
  type ResourcesInput,
  rolePermissions,
  type SiteConfiguration,
} from '@portal/contract';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/http/app-error';
import type { SystemService } from '../system';
import { type AuditContent, chainHash, genesisHash } from './backoffice.audit-chain';
import {
  createTotpSecretBox,
  generatePassword,
  generateToken,
  generateTotpSecret,
  hashPassword,
  matchTotpStep,
  sha256,
  spendVerificationTime,
  totpUri,
  verifyPassword,
} from './backoffice.crypto';
import * as repo from './backoffice.repository';

/** Spec-free choices of the back office, each overridable for deployments and tests. */
export const backofficeDefaults = {
  /** Operator sessions end after 15 minutes without a request... */
  sessionIdleMinutes: 15,
  /** ...and 8 hours after sign-in whatever the activity (one working shift). */
  sessionAbsoluteHours: 8,
  /** The TOTP step must follow the password within this time. */
  challengeMinutes: 5,
  /** Wrong codes allowed on one challenge before the password must be entered again. */
  challengeMaxAttempts: 5,
  /** Failed passwords or codes per username within the window before sign-in is refused for a while. */
  maxFailuresPerUsername: 5,
  /** Failed passwords or codes from one IP within the window (several operators may share an office IP). */
  maxFailuresPerIp: 20,
  failureWindowMinutes: 15,
  totpIssuer: 'Portal back office',
} as const;

/** `last_seen_at` is written at most this often: idle expiry is exact to within this much. */
const touchIntervalMs = 30_000;
const auditBatchSize = 500;

export type BackofficeServiceDeps = {
  db: Db;
  system: SystemService;
  now?: () => Date;
  /** Issuer shown in authenticator apps, such as "BDX88 back office". */
  totpIssuer?: string;
  sessionIdleMinutes?: number;
  sessionAbsoluteHours?: number;
  maxFailuresPerUsername?: number;
  maxFailuresPerIp?: number;
  failureWindowMinutes?: number;
  /** BO_TOTP_KEY: 32 bytes that seal TOTP secrets at rest (AES-256-GCM); without it they are stored plain. */
  totpKey?: Buffer | null;
};

/** Who is calling: set on the request once the session cookie checks out. */
export type OperatorContext = {
  operatorId: number;
  username: string;
  role: OperatorRole;
  sessionId: string;
  mustChangePassword: boolean;
  expiresAt: Date;
};

/** Where a call comes from, for the audit log and the throttles. */
export type CallerContext = { ip: string | null; userAgent?: string | null };

type AuditInput = {
  actor: { operatorId: number; username: string } | null;
  action: string;
  target?: string | null;
  ip: string | null;
  before?: unknown;
  after?: unknown;
};

function toOperator(row: repo.OperatorRow): Operator {
  return {
    id: row.id,
    username: row.username,
    role: row.role as OperatorRole,
    status: row.status as Operator['status'],
    totpEnrolled: row.totpSecret !== null,
    mustChangePassword: row.mustChangePassword,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: row.lastLoginIp,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an operator: never a hash or a secret. */
function auditView(row: repo.OperatorRow) {
  return { username: row.username, role: row.role, status: row.status, totpEnrolled: row.totpSecret !== null };
}

function isRole(value: string): value is OperatorRole {
  return (operatorRoles as readonly string[]).includes(value);
}

/**
 * Appends one entry to the hash-chained audit log. Runs in the caller's transaction when given one, so an
 * operator change and its audit entry commit together; the table lock makes concurrent writers take turns.
 */
async function appendAudit(db: DbOrTx, at: Date, input: AuditInput): Promise<void> {
  const write = async (tx: DbOrTx) => {
    await repo.lockAuditChain(tx);
    const last = await repo.lastAuditRow(tx);
    const content: AuditContent = {
      id: (last?.id ?? 0) + 1,
      at,
      operatorId: input.actor?.operatorId ?? null,
      operatorUsername: input.actor?.username ?? null,
      action: input.action,
      target: input.target ?? null,
      ip: input.ip,
      before: input.before ?? null,
      after: input.after ?? null,
    };
    const prevHash = last?.hash ?? genesisHash;
    await repo.insertAuditRow(tx, { ...content, prevHash, hash: chainHash(prevHash, content) });
  };
  // The root handle has `transaction`; a transaction handle is used as it is.
  if ('rollback' in db) await write(db);
  else await (db as Db).transaction(write);
}

/**
 * The back office: operator accounts with roles, sign-in with password and TOTP, sessions, the audit log and
 * the site configuration (through the system service). Every change is written to the audit log with its
 * before and after.
 */
export function createBackofficeService(deps: BackofficeServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const { db, system } = deps;
  const settings = {
    sessionIdleMs: (deps.sessionIdleMinutes ?? backofficeDefaults.sessionIdleMinutes) * 60_000,
    sessionAbsoluteMs: (deps.sessionAbsoluteHours ?? backofficeDefaults.sessionAbsoluteHours) * 3_600_000,
    maxFailuresPerUsername: deps.maxFailuresPerUsername ?? backofficeDefaults.maxFailuresPerUsername,
    maxFailuresPerIp: deps.maxFailuresPerIp ?? backofficeDefaults.maxFailuresPerIp,
    failureWindowMs: (deps.failureWindowMinutes ?? backofficeDefaults.failureWindowMinutes) * 60_000,
    totpIssuer: deps.totpIssuer ?? backofficeDefaults.totpIssuer,
  };

  const totpBox = createTotpSecretBox(deps.totpKey ?? null);

  function audit(input: AuditInput, tx?: DbOrTx): Promise<void> {
    return appendAudit(tx ?? db, now(), input);
  }

  function actorOf(context: OperatorContext) {
    return { operatorId: context.operatorId, username: context.username };
  }

  /** @throws BO_LOGIN_THROTTLED when the username or the IP has too many recent failures. */
  async function assertNotThrottled(username: string, ip: string | null, tx?: DbOrTx): Promise<void> {
    const at = now();
    const since = new Date(at.getTime() - settings.failureWindowMs);
    const checks: [{ username: string } | { ip: string }, number][] = [[{ username }, settings.maxFailuresPerUsername]];
    if (ip) checks.push([{ ip }, settings.maxFailuresPerIp]);
    for (const [by, limit] of checks) {
      const { failures, oldest } = await repo.countFailures(tx ?? db, by, since);
      if (failures >= limit) {
        const freeAt = (oldest ?? at).getTime() + settings.failureWindowMs;
        const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000));
        const error = new AppError('BO_LOGIN_THROTTLED', { retryAfterSeconds });
        error.headers = { 'retry-after': String(retryAfterSeconds) };
        throw error;
      }
    }
  }

  function recordAttempt(username: string, ip: string | null, success: boolean, reason: string, tx?: DbOrTx) {
    return repo.insertLoginAttempt(tx ?? db, { username, ip, success, reason, at: now() });
  }

  /** @throws BO_OPERATOR_NOT_FOUND */
  async function lockExisting(tx: DbOrTx, id: number): Promise<repo.OperatorRow> {
    const row = await repo.lockOperator(tx, id);
    if (!row) throw new AppError('BO_OPERATOR_NOT_FOUND', { id });
    return row;
  }

  /**
   * Refuses to leave the site without an active owner. The caller holds the owner rows' locks (taken first,
   * in id order, by every change of role or status), so two owners demoting each other cannot both succeed.
   * @throws BO_LAST_OWNER
   */
  async function assertOwnerRemains(tx: DbOrTx, target: repo.OperatorRow): Promise<void> {
    if (target.role !== 'owner' || target.status !== 'active') return;
    if ((await repo.countActiveOwners(tx)) <= 1) throw new AppError('BO_LAST_OWNER');
  }

  async function me(context: OperatorContext): Promise<OperatorMe> {
    const row = await repo.findOperatorById(db, context.operatorId);
    if (!row) throw new AppError('BO_OPERATOR_NOT_FOUND');
    return {
      operator: toOperator(row),
      permissions: [...rolePermissions[context.role]],
      session: {
        idleTimeoutSeconds: Math.round(settings.sessionIdleMs / 1000),
        expiresAt: context.expiresAt.toISOString(),
      },
    };
  }

  async function configuration(): Promise<SiteConfiguration> {
    return (await system.operatorSettings()) as SiteConfiguration;
  }

  /** Applies a configuration change through the system service and audits the part it touched. */
  async function changeConfig<T>(
    actor: OperatorContext,
    caller: CallerContext,
    action: string,
    target: string | null,
    pick: (config: SiteConfiguration) => T,
    apply: () => Promise<void>,
  ): Promise<SiteConfiguration> {
    const before = pick(await configuration());
    await apply();
    // The system service writes in its own transaction; the entry follows it. A crash in between would lose
    // the entry of a change that happened, which is why the change is read back rather than assumed.
    const after = await configuration();
    await audit({ actor: actorOf(actor), action, target, ip: caller.ip, before, after: pick(after) });
    return after;
  }

  return {
    settings,

    /**
     * Seals every TOTP secret still stored plain (rows from before BO_TOTP_KEY was set); run at start. Nothing
     * to do without a key. Each row is replaced only if it still holds the plain value, so instances starting
     * together do not seal a row twice.
     * @returns how many secrets were sealed.
     */
    async sealStoredTotpSecrets(): Promise<number> {
      if (!totpBox.sealing) return 0;
      const { operators, challenges } = await repo.listPlainTotpSecrets(db);
      for (const row of operators) {
        if (row.secret) await repo.replaceOperatorTotpSecret(db, row.id, row.secret, totpBox.seal(row.secret));
      }
      for (const row of challenges) {
        if (row.secret) await repo.replaceChallengeTotpSecret(db, row.id, row.secret, totpBox.seal(row.secret));
      }
      return operators.length + challenges.length;
    },

    // ------------------------------------------------------------------ sign-in

    /**
     * Step one of sign-in: the password. Answers with the TOTP step, or the enrolment step (with a new
     * secret) when the operator has no authenticator yet.
     * @throws BO_LOGIN_THROTTLED, BO_INVALID_CREDENTIALS, BO_OPERATOR_DISABLED
     */
    async login(input: OperatorLoginInput, caller: CallerContext): Promise<OperatorLoginStep> {
      const username = input.username.trim().toLowerCase();
      await assertNotThrottled(username, caller.ip);
      const operator = await repo.findOperatorByUsername(db, username);
      if (!operator) {
        await spendVerificationTime(input.password);
        await recordAttempt(username, caller.ip, false, 'password');
        throw new AppError('BO_INVALID_CREDENTIALS');
      }
      if (!(await verifyPassword(operator.passwordHash, input.password))) {
        await recordAttempt(username, caller.ip, false, 'password');
        throw new AppError('BO_INVALID_CREDENTIALS');
      }
      // Only after the right password, so that the answer does not tell a guesser which accounts are disabled.
      if (operator.status !== 'active') {
        await recordAttempt(username, caller.ip, false, 'disabled');
        throw new AppError('BO_OPERATOR_DISABLED');
      }
      const at = now();
      const challenge = generateToken();
      const expiresAt = new Date(at.getTime() + backofficeDefaults.challengeMinutes * 60_000);
      const enrol = operator.totpSecret === null;
      const pendingTotpSecret = enrol ? generateTotpSecret() : null;
      await repo.deleteExpiredChallenges(db, new Date(at.getTime() - 24 * 3_600_000));
      await repo.insertChallenge(db, {
        id: randomUUID(),
        tokenHash: sha256(challenge),
        operatorId: operator.id,
        kind: enrol ? 'enrol' : 'totp',
        pendingTotpSecret: pendingTotpSecret ? totpBox.seal(pendingTotpSecret) : null,
        ip: caller.ip,
        createdAt: at,
        expiresAt,
      });
      if (!pendingTotpSecret) return { step: 'totp', challenge, expiresAt: expiresAt.toISOString() };
      return {
        step: 'enrol',
        challenge,
        expiresAt: expiresAt.toISOString(),
        secret: pendingTotpSecret,
        otpauthUri: totpUri(pendingTotpSecret, settings.totpIssuer, operator.username),
      };
    },

    /**
     * Step two: the TOTP code (which also confirms enrolment). Opens the session.
     * @returns the session token for the cookie, and the operator.
     * @throws BO_CHALLENGE_EXPIRED, BO_TOTP_INVALID, BO_LOGIN_THROTTLED, BO_OPERATOR_DISABLED
     */
    async completeLogin(
      input: OperatorTotpInput,
      caller: CallerContext,
    ): Promise<{ token: string; expiresAt: Date; operator: Operator }> {
      const at = now();
      const result = await db.transaction(async (tx) => {
        const challenge = await repo.lockChallengeByTokenHash(tx, sha256(input.challenge));
        if (
          !challenge ||
          challenge.usedAt ||
          challenge.expiresAt <= at ||
          challenge.attempts >= backofficeDefaults.challengeMaxAttempts
        )
          return { error: new AppError('BO_CHALLENGE_EXPIRED') };
        const operator = await lockExisting(tx, challenge.operatorId);
        const username = operator.username.toLowerCase();
        if (operator.status !== 'active') return { error: new AppError('BO_OPERATOR_DISABLED') };
        // An owner may have reset the second factor (or someone enrolled) since the password step.
        const enrol = challenge.kind === 'enrol';
        const stored = enrol ? challenge.pendingTotpSecret : operator.totpSecret;
        if (!stored || enrol !== (operator.totpSecret === null)) return { error: new AppError('BO_CHALLENGE_EXPIRED') };
        const secret = totpBox.open(stored);
        await assertNotThrottled(username, caller.ip, tx);

        const step = matchTotpStep(secret, input.code, at);
        if (step === null || (operator.totpLastStep !== null && step <= operator.totpLastStep)) {
          await repo.updateChallenge(tx, challenge.id, { attempts: challenge.attempts + 1 });
          await recordAttempt(username, caller.ip, false, 'totp', tx);
          return { error: new AppError('BO_TOTP_INVALID') };
        }

        // A used challenge keeps no secret: the operator row holds the enrolled one.
        await repo.updateChallenge(tx, challenge.id, { usedAt: at, pendingTotpSecret: null });
        const updated = await repo.updateOperator(tx, operator.id, {
          ...(enrol ? { totpSecret: totpBox.seal(secret), totpEnrolledAt: at } : {}),
          totpLastStep: step,
          lastLoginAt: at,
          lastLoginIp: caller.ip,
          updatedAt: at,
        });
        const token = generateToken();
        const expiresAt = new Date(at.getTime() + settings.sessionAbsoluteMs);
        await repo.insertSession(tx, {
          id: randomUUID(),
          operatorId: operator.id,
          tokenHash: sha256(token),
          ip: caller.ip,
          userAgent: caller.userAgent?.slice(0, 300) ?? null,
          createdAt: at,
          lastSeenAt: at,
          expiresAt,
        });
        await recordAttempt(username, caller.ip, true, 'ok', tx);
        if (enrol) {
          await audit(
            {
              actor: { operatorId: operator.id, username: operator.username },
              action: 'session.totp_enrolled',
              target: `operator:${operator.username}`,
              ip: caller.ip,
              before: { totpEnrolled: false },
              after: { totpEnrolled: true },
            },
            tx,
          );
        }
        await audit(
          {
            actor: { operatorId: operator.id, username: operator.username },
            action: 'session.login',
            target: `operator:${operator.username}`,
            ip: caller.ip,
            after: { userAgent: caller.userAgent ?? null },
          },
          tx,
        );
        return { token, expiresAt, operator: toOperator(updated ?? operator) };
      });
      if ('error' in result) throw result.error;
      return result;
    },

    /**
     * The session of a cookie token; moves its idle clock forward.
     * @throws BO_AUTH_REQUIRED (unknown token), BO_SESSION_EXPIRED (idle, absolute or revoked), BO_OPERATOR_DISABLED
     */
    async authenticate(token: string): Promise<OperatorContext> {
      const found = await repo.findSessionByTokenHash(db, sha256(token));
      if (!found) throw new AppError('BO_AUTH_REQUIRED');
      const { session, operator } = found;
      const at = now();
      if (session.revokedAt || session.expiresAt <= at) throw new AppError('BO_SESSION_EXPIRED');
      if (at.getTime() - session.lastSeenAt.getTime() > settings.sessionIdleMs) {
        await repo.revokeSession(db, session.id, at);
        throw new AppError('BO_SESSION_EXPIRED');
      }
      if (operator.status !== 'active') throw new AppError('BO_OPERATOR_DISABLED');
      if (!isRole(operator.role)) throw new AppError('BO_FORBIDDEN');
      if (at.getTime() - session.lastSeenAt.getTime() >= touchIntervalMs) await repo.touchSession(db, session.id, at);
      return {
        operatorId: operator.id,
        username: operator.username,
        role: operator.role,
        sessionId: session.id,
        mustChangePassword: operator.mustChangePassword,
        expiresAt: session.expiresAt,
      };
    },

    /** Ends the caller's session. */
    async logout(context: OperatorContext, caller: CallerContext): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        await repo.revokeSession(tx, context.sessionId, at);
        await audit(
          { actor: actorOf(context), action: 'session.logout', target: `operator:${context.username}`, ip: caller.ip },
          tx,
        );
      });
    },

    /** The caller, their permissions and their session's end. @throws BO_OPERATOR_NOT_FOUND */
    me,

    /**
     * The caller changes their own password; their other sessions end.
     * @throws BO_PASSWORD_INCORRECT, BO_PASSWORD_REUSED
     */
    async changePassword(
      context: OperatorContext,
      input: { currentPassword: string; newPassword: string },
      caller: CallerContext,
    ): Promise<OperatorMe> {
      const row = await repo.findOperatorById(db, context.operatorId);
      if (!row) throw new AppError('BO_OPERATOR_NOT_FOUND');
      if (!(await verifyPassword(row.passwordHash, input.currentPassword))) throw new AppError('BO_PASSWORD_INCORRECT');
      if (input.newPassword === input.currentPassword) throw new AppError('BO_PASSWORD_REUSED');
      const passwordHash = await hashPassword(input.newPassword);
      const at = now();
      await db.transaction(async (tx) => {
        await repo.updateOperator(tx, row.id, { passwordHash, mustChangePassword: false, updatedAt: at });
        await repo.revokeOperatorSessions(tx, row.id, at, context.sessionId);
        await audit(
          {
            actor: actorOf(context),
            action: 'session.password_changed',
            target: `operator:${row.username}`,
            ip: caller.ip,
            before: { mustChangePassword: row.mustChangePassword },
            after: { mustChangePassword: false },
          },
          tx,
        );
      });
      return me({ ...context, mustChangePassword: false });
    },

    // ------------------------------------------------------------------ operators (owner)

    /** Every operator, in the order asked for (oldest account first by default). */
    async listOperators(query: OperatorQuery = { sort: 'id', order: 'asc' }): Promise<OperatorList> {
      return { items: (await repo.listOperators(db, query)).map(toOperator) };
    },

    /**
     * Creates an operator with a one-time password; they enrol TOTP and choose a password at first sign-in.
     * @throws BO_USERNAME_TAKEN
     */
    async createOperator(
      actor: OperatorContext,
      input: { username: string; role: OperatorRole },
      caller: CallerContext,
    ): Promise<OperatorWithPassword> {
      const initialPassword = generatePassword();
      const passwordHash = await hashPassword(initialPassword);
      const at = now();
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertOperator(tx, {
          username: input.username,
          passwordHash,
          role: input.role,
          mustChangePassword: true,
          createdAt: at,
          updatedAt: at,
        });
        if (!inserted) throw new AppError('BO_USERNAME_TAKEN', { username: input.username });
        await audit(
          {
            actor: actorOf(actor),
            action: 'operator.created',
            target: `operator:${inserted.username}`,
            ip: caller.ip,
            after: auditView(inserted),
          },
          tx,
        );
        return inserted;
      });
      return { operator: toOperator(row), initialPassword };
    },

    /** @throws BO_OPERATOR_NOT_FOUND, BO_SELF_CHANGE, BO_LAST_OWNER */
    async changeRole(actor: OperatorContext, id: number, role: OperatorRole, caller: CallerContext) {
      if (id === actor.operatorId) throw new AppError('BO_SELF_CHANGE');
      return db.transaction(async (tx) => {
        await repo.lockOwners(tx);
        const row = await lockExisting(tx, id);
        if (row.role !== role) await assertOwnerRemains(tx, row);
        const updated = await repo.updateOperator(tx, id, { role, updatedAt: now() });
        if (!updated) throw new AppError('BO_OPERATOR_NOT_FOUND', { id });
        await audit(
          {
            actor: actorOf(actor),
            action: 'operator.role_changed',
            target: `operator:${row.username}`,
            ip: caller.ip,
            before: auditView(row),
            after: auditView(updated),
          },
          tx,
        );
        return toOperator(updated);
      });
    },

    /**
     * Disables (and signs out) an operator, or enables them again.
     * @throws BO_OPERATOR_NOT_FOUND, BO_SELF_CHANGE, BO_LAST_OWNER
     */
    async setOperatorStatus(actor: OperatorContext, id: number, enabled: boolean, caller: CallerContext) {
      if (id === actor.operatorId) throw new AppError('BO_SELF_CHANGE');
      return db.transaction(async (tx) => {
        await repo.lockOwners(tx);
        const row = await lockExisting(tx, id);
        if (!enabled) await assertOwnerRemains(tx, row);
        const at = now();
        const updated = await repo.updateOperator(tx, id, { status: enabled ? 'active' : 'disabled', updatedAt: at });
        if (!updated) throw new AppError('BO_OPERATOR_NOT_FOUND', { id });
        if (!enabled) await repo.revokeOperatorSessions(tx, id, at);
        await audit(
          {
            actor: actorOf(actor),
            action: enabled ? 'operator.enabled' : 'operator.disabled',
            target: `operator:${row.username}`,
            ip: caller.ip,
            before: auditView(row),
            after: auditView(updated),
          },
          tx,
        );
        return toOperator(updated);
      });
    },

    /**
     * Clears the operator's authenticator: they enrol a new one at their next sign-in. Their sessions end.
     * @throws BO_OPERATOR_NOT_FOUND
     */
    async resetTotp(actor: OperatorContext, id: number, caller: CallerContext) {
      return db.transaction(async (tx) => {
        const row = await lockExisting(tx, id);
        const at = now();
        const updated = await repo.updateOperator(tx, id, {
          totpSecret: null,
          totpEnrolledAt: null,
          totpLastStep: null,
          updatedAt: at,
        });
        if (!updated) throw new AppError('BO_OPERATOR_NOT_FOUND', { id });
        await repo.revokeOperatorSessions(tx, id, at);
        await audit(
          {
            actor: actorOf(actor),
            action: 'operator.totp_reset',
            target: `operator:${row.username}`,
            ip: caller.ip,
            before: auditView(row),
            after: auditView(updated),
          },
          tx,
        );
        return toOperator(updated);
      });
    },

    /**
     * Gives the operator a new one-time password, to be changed at their next sign-in. Their sessions end.
     * @throws BO_OPERATOR_NOT_FOUND
     */
    async resetPassword(actor: OperatorContext, id: number, caller: CallerContext): Promise<OperatorWithPassword> {
      const initialPassword = generatePassword();
      const passwordHash = await hashPassword(initialPassword);
      return db.transaction(async (tx) => {
        const row = await lockExisting(tx, id);
        const at = now();
        const updated = await repo.updateOperator(tx, id, { passwordHash, mustChangePassword: true, updatedAt: at });
        if (!updated) throw new AppError('BO_OPERATOR_NOT_FOUND', { id });
        await repo.revokeOperatorSessions(tx, id, at);
        await audit(
          {
            actor: actorOf(actor),
            action: 'operator.password_reset',
            target: `operator:${row.username}`,
            ip: caller.ip,
            before: { mustChangePassword: row.mustChangePassword },
            after: { mustChangePassword: true },
          },
          tx,
        );
        return { operator: toOperator(updated), initialPassword };
      });
    },

    // ------------------------------------------------------------------ audit log

    /** One page of the audit log in the chosen order (newest first by default). */
    async listAudit(query: AuditQuery): Promise<AuditPage> {
      const { page, pageSize } = query;
      const { rows, total } = await repo.listAudit(
        db,
        {
          operator: query.operator || undefined,
          actionPrefix: query.action || undefined,
          target: query.target || undefined,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        { offset: (page - 1) * pageSize, limit: pageSize },
        { sort: query.sort, order: query.order },
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          operatorId: row.operatorId,
          operatorUsername: row.operatorUsername,
          action: row.action,
          target: row.target,
          ip: row.ip,
          before: row.before,
          after: row.after,
          hash: row.hash,
        })),
        page,
        pageSize,
        total,
        totalPages: Math.max(1, Math.ceil(total / pageSize)),
      };
    },

    /**
     * Recomputes the hash chain from the first row: each row must follow the previous one by id, name the
     * previous row's hash, and carry the hash of its own content. Reports the first row that does not.
     */
    async verifyAuditChain(): Promise<AuditChainStatus> {
      let prevHash = genesisHash;
      let expectedId = 1;
      let checked = 0;
      for (;;) {
        const rows = await repo.auditRowsAfter(db, expectedId - 1, auditBatchSize);
        for (const row of rows) {
          const fits =
            row.id === expectedId &&
            row.prevHash === prevHash &&
            row.hash === chainHash(prevHash, { ...row, before: row.before ?? null, after: row.after ?? null });
          if (!fits) {
            return {
              ok: false,
              checked,
              headHash: null,
              brokenAtId: row.id === expectedId ? row.id : expectedId,
              checkedAt: now().toISOString(),
            };
          }
          prevHash = row.hash;
          expectedId += 1;
          checked += 1;
        }
        if (rows.length < auditBatchSize) break;
      }
      return {
        ok: true,
        checked,
        headHash: checked > 0 ? prevHash : null,
        brokenAtId: null,
        checkedAt: now().toISOString(),
      };
    },

    // ------------------------------------------------------------------ changes made through other modules

    /**
     * Writes an operator's change made through another module's service (the cashier) to the audit log, after
     * that change committed: `before` and `after` are the states the operator saw change.
     */
    recordChange(
      actor: OperatorContext,
      caller: CallerContext,
      change: { action: string; target: string; before: unknown; after: unknown },
      /** The caller's transaction, so that a change and its entry commit together. */
      tx?: DbOrTx,
    ): Promise<void> {
      return audit(
        {
          actor: actorOf(actor),
          action: change.action,
          target: change.target,
          ip: caller.ip,
          before: change.before,
          after: change.after,
        },
        tx,
      );
    },

    // ------------------------------------------------------------------ site configuration

    configuration,

    setMaintenance(actor: OperatorContext, input: MaintenanceInput, caller: CallerContext) {
      const end = input.end ? new Date(input.end) : null;
      if (input.enabled && end && end <= now()) {
        throw new AppError('VALIDATION_FAILED', {}, [
          { path: 'body.end', code: 'too_small', message: 'The end of maintenance must be in the future' },
        ]);
      }
      return changeConfig(
        actor,
        caller,
        'config.maintenance',
        'site:maintenance',
        (config) => config.maintenance,
        () => system.setMaintenance({ enabled: input.enabled, end: input.enabled ? end : null }),
      );
    },

    setRegionBlock(actor: OperatorContext, input: { countries: string[]; ipRanges: string[] }, caller: CallerContext) {
      const countries = [...new Set(input.countries.map((country) => country.toUpperCase()))].sort();
      const ipRanges = [...new Set(input.ipRanges)];
      return changeConfig(
        actor,
        caller,
        'config.region_block',
        'site:region-block',
        (config) => config.regionBlock,
        () => system.setRegionBlock({ countries, ipRanges }),
      );
    },

    setPayloadEncryption(actor: OperatorContext, enabled: boolean, caller: CallerContext) {
      return changeConfig(
        actor,
        caller,
        'config.payload_encryption',
        'site:payload-encryption',
        (config) => config.payloadEncryption,
        () => system.setPayloadEncryption(enabled),
      );
    },

    setGeneral(actor: OperatorContext, input: GeneralSettingsInput, caller: CallerContext) {
      return changeConfig(
        actor,
        caller,
        'config.general',
        'site:general',
        ({ general }) => ({
          defaultLanguage: general.defaultLanguage,
          imageCdns: general.imageCdns,
          launchGameCdns: general.launchGameCdns,
          gtagId: general.gtagId,
        }),
        () => system.setMerchantSettings(input),
      );
    },

    /** @throws NOT_FOUND when the whitelabel tree has no such node. */
    setFeature(actor: OperatorContext, modId: string, enabled: boolean, caller: CallerContext) {
      return changeConfig(
        actor,
        caller,
        'config.feature',
        `feature:${modId}`,
        (config) => {
          const node = config.features.find((feature) => feature.modId === modId);
          return node ? { enabled: node.enabled } : null;
        },
        () => system.setFeature(modId, enabled),
      );
    },

    setRegisterFields(actor: OperatorContext, input: RegisterFieldsInput, caller: CallerContext) {
      const fields = new Set<string>(input.rules.map((rule) => rule.field));
      return changeConfig(
        actor,
        caller,
        'config.register_fields',
        `register-fields:${[...fields].join(',')}`.slice(0, 200),
        (config) => config.registerFields.filter((rule) => fields.has(rule.field)),
        () => system.setRegisterFieldRules(input.rules),
      );
    },

    setCustomerService(actor: OperatorContext, input: CustomerServiceInput, caller: CallerContext) {
      return changeConfig(
        actor,
        caller,
        'config.customer_service',
        'site:customer-service',
        (config) => config.customerService,
        () => system.setCustomerService(input.entries),
      );
    },

    setResources(actor: OperatorContext, input: ResourcesInput, caller: CallerContext) {
      return changeConfig(
        actor,
        caller,
        'config.resources',
        'site:resources',
        (config) => config.resources,
        () => system.setResources(input.entries),
      );
    },
  };
}

export type BackofficeService = ReturnType<typeof createBackofficeService>;

export type FirstOwner = { username: string; password: string; totpSetupRequired: true };

/**
 * Creates the first owner when no operator exists yet, so that a fresh installation can be administered.
 * The password is the configured one, or a random one that must be changed at first sign-in; either way the
 * owner enrols TOTP at first sign-in. Returns null when operators already exist (every later start, and the
 * loser when two instances start at once: the unique username decides).
 * @throws Error when a configured password is shorter than 12 characters.
 */
export async function seedFirstOwner(options: {
  db: Db;
  /** BO_OWNER_PASSWORD; random when absent. */
  password?: string | undefined;
  username?: string;
  now?: () => Date;
}): Promise<FirstOwner | null> {
  const { db } = options;
  if (options.password !== undefined && options.password.length < 12)
    throw new Error('the first back-office owner password must be at least 12 characters');
  if ((await repo.countOperators(db)) > 0) return null;
  const username = options.username ?? 'owner';
  const password = options.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const at = (options.now ?? (() => new Date()))();
  const created = await db.transaction(async (tx) => {
    const row = await repo.insertOperator(tx, {
      username,
      passwordHash,
      role: 'owner',
      mustChangePassword: options.password === undefined,
      createdAt: at,
      updatedAt: at,
    });
    if (!row) return null;
    await appendAudit(tx, at, {
      actor: null,
      action: 'operator.seeded',
      target: `operator:${row.username}`,
      ip: null,
      after: auditView(row),
    });
    return row;
  });
  return created ? { username: created.username, password, totpSetupRequired: true } : null;
}
