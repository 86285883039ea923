import {
  adjustmentIdParamsSchema,
  adjustmentPageSchema,
  adjustmentPolicyQuerySchema,
  adjustmentPolicySchema,
  adjustmentQuerySchema,
  adjustmentSchema,
  backofficePaths,
  createAdjustmentInputSchema,
  dashboardSchema,
  okEnvelope,
  playerDetailSchema,
  playerDownlinePageSchema,
  playerDownlineQuerySchema,
  playerIdParamsSchema,
  playerLedgerPageSchema,
  playerLedgerQuerySchema,
  playerPageSchema,
  playerPasswordResetSchema,
  playerQuerySchema,
  playerSecuritySchema,
  playerStatusInputSchema,
  recordsPageSchema,
  recordsQuerySchema,
  rejectAdjustmentInputSchema,
} from '@portal/contract';
import { ok } from '../../platform/http/envelope';
import { idempotencyHeader } from '../../platform/idempotency';
import type { AdjustmentService } from './backoffice.adjustments.service';
import type { BackofficePlayersService } from './backoffice.players.service';
import { emptyBody, type RequestContext, type RouteApp, tags } from './backoffice.route-helpers';

/** What the back office serves of players, adjustments and the dashboard (built in app.ts). */
export type BackofficePlayers = { players: BackofficePlayersService; adjustments: AdjustmentService };

export type PlayerRouteDeps = BackofficePlayers & RequestContext;

const playerAccountSchema = playerDetailSchema.shape.account;

/**
 * Players and agents, manual adjustments and the dashboard under `/bo/api/…`, registered inside the back-office
 * plugin so that the session and permission hook guards them like every other operator route.
 */
export function registerPlayerRoutes(app: RouteApp, deps: PlayerRouteDeps): void {
  const { players, adjustments, caller, requireOperator } = deps;

  // ---------------------------------------------------------------- players and agents

  app.get(
    backofficePaths.players,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: 'Players and agents, newest first: search by username, mobile, e-mail or id; filter by kind, status',
        querystring: playerQuerySchema,
        response: { 200: okEnvelope(playerPageSchema) },
      },
    },
    async (request) => ok(await players.search(request.query)),
  );

  app.get(
    backofficePaths.player,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: 'A player or agent: profile, upline and downline, balances (main and per vendor)',
        params: playerIdParamsSchema,
        response: { 200: okEnvelope(playerDetailSchema) },
      },
    },
    async (request) => ok(await players.detail(request.params.id)),
  );

  app.get(
    backofficePaths.playerSecurity,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: 'The latest sessions and login attempts of a player, with IPs',
        params: playerIdParamsSchema,
        response: { 200: okEnvelope(playerSecuritySchema) },
      },
    },
    async (request) => ok(await players.security(request.params.id)),
  );

  app.get(
    backofficePaths.playerLedger,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "The ledger entries of a player's main wallet, newest first",
        params: playerIdParamsSchema,
        querystring: playerLedgerQuerySchema,
        response: { 200: okEnvelope(playerLedgerPageSchema) },
      },
    },
    async (request) => ok(await players.ledger(request.params.id, request.query)),
  );

  app.get(
    backofficePaths.playerCashier,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "A player's cashier records (deposits, withdrawals and other movements), as the member sees them",
        params: playerIdParamsSchema,
        querystring: recordsQuerySchema,
        response: { 200: okEnvelope(recordsPageSchema) },
      },
    },
    async (request) => ok(await players.cashierRecords(request.params.id, request.query)),
  );

  for (const [path, enabled] of [
    [backofficePaths.playerDisable, false],
    [backofficePaths.playerEnable, true],
  ] as const) {
    app.post(
      path,
      {
        config: { permission: 'players.status' },
        schema: {
          tags,
          summary: enabled
            ? 'Enables a player account and lifts a lockout after wrong passwords'
            : 'Disables a player account and ends all its sessions',
          params: playerIdParamsSchema,
          body: playerStatusInputSchema,
          response: { 200: okEnvelope(playerAccountSchema) },
        },
      },
      async (request) =>
        ok(
          await players.setStatus(
            requireOperator(request),
            request.params.id,
            enabled,
            request.body.reason,
            caller(request),
          ),
        ),
    );
  }

  app.get(
    backofficePaths.playerDownline,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary:
          'One level of the downline tree: the accounts whose upline is this one, each with the size of its own downline',
        params: playerIdParamsSchema,
        querystring: playerDownlineQuerySchema,
        response: { 200: okEnvelope(playerDownlinePageSchema) },
      },
    },
    async (request) => ok(await players.downline(request.params.id, request.query)),
  );

  app.post(
    backofficePaths.playerUnlock,
    {
      config: { permission: 'players.status' },
      schema: {
        tags,
        summary: 'Lifts a lockout after too many wrong passwords',
        params: playerIdParamsSchema,
        body: emptyBody,
        response: { 200: okEnvelope(playerAccountSchema) },
      },
    },
    async (request) => ok(await players.unlock(requireOperator(request), request.params.id, caller(request))),
  );

  app.post(
    backofficePaths.playerResetTwoFactor,
    {
      config: { permission: 'players.password' },
      schema: {
        tags,
        summary: "Switches off a player's two-step verification (lost authenticator); they may set it up again",
        params: playerIdParamsSchema,
        body: emptyBody,
        response: { 200: okEnvelope(playerAccountSchema) },
      },
    },
    async (request) => ok(await players.resetTwoFactor(requireOperator(request), request.params.id, caller(request))),
  );

  app.post(
    backofficePaths.playerForcePassword,
    {
      config: { permission: 'players.password' },
      schema: {
        tags,
        summary: 'Makes the player choose a new password at the next login; their sessions end',
        params: playerIdParamsSchema,
        body: emptyBody,
        response: { 200: okEnvelope(playerAccountSchema) },
      },
    },
    async (request) =>
      ok(await players.forcePasswordChange(requireOperator(request), request.params.id, caller(request))),
  );

  app.post(
    backofficePaths.playerResetPassword,
    {
      config: { permission: 'players.password' },
      schema: {
        tags,
        summary: 'Gives the player a one-time password (shown once); sessions end and a change is forced',
        params: playerIdParamsSchema,
        body: emptyBody,
        response: { 200: okEnvelope(playerPasswordResetSchema) },
      },
    },
    async (request) => ok(await players.resetPassword(requireOperator(request), request.params.id, caller(request))),
  );

  // ---------------------------------------------------------------- manual adjustments (maker-checker)

  app.get(
    backofficePaths.adjustments,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: 'Manual balance adjustments by status and player, newest first unless sorted otherwise',
        querystring: adjustmentQuerySchema,
        response: { 200: okEnvelope(adjustmentPageSchema) },
      },
    },
    async (request) => ok(await adjustments.list(request.query)),
  );

  app.get(
    backofficePaths.adjustmentPolicy,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary:
          "The amount above which an adjustment waits for a second operator (0: every adjustment waits); with playerId, that player's direct adjustments so far in the window",
        querystring: adjustmentPolicyQuerySchema,
        response: { 200: okEnvelope(adjustmentPolicySchema) },
      },
    },
    async (request) => ok(await adjustments.policy(request.query.playerId)),
  );

  app.post(
    backofficePaths.adjustments,
    {
      // A retried request with the same Idempotency-Key replays the first answer instead of adjusting twice. After
      // a 5xx the layer gives the key up and the retry runs again: the key is also stored on the adjustment, so
      // the retry goes on with the first attempt's row and ledger key (the service's half of the rule). The key is
      // required: without one, a double submit would adjust twice.
      config: { permission: 'adjustments.propose', idempotency: true },
      // Runs before the layer takes the key (it appends its own step): see `refuseReusedKey`.
      preHandler: async (request) => {
        const key = request.headers[idempotencyHeader];
        if (typeof key === 'string' && key !== '') {
          await adjustments.refuseReusedKey(requireOperator(request), key, request.body);
        }
      },
      schema: {
        tags,
        summary:
          "Credits or debits a player's main wallet: above the approval threshold nothing moves until another operator approves; at or below it the money moves at once",
        body: createAdjustmentInputSchema,
        response: { 200: okEnvelope(adjustmentSchema) },
      },
    },
    async (request) =>
      ok(
        await adjustments.propose(
          requireOperator(request),
          request.body,
          caller(request),
          request.idempotencyClaim?.key ?? null,
        ),
      ),
  );

  app.post(
    backofficePaths.adjustmentApprove,
    {
      config: { permission: 'adjustments.approve' },
      schema: {
        tags,
        summary: 'Approves an adjustment proposed by another operator: the money moves, once',
        params: adjustmentIdParamsSchema,
        body: emptyBody,
        response: { 200: okEnvelope(adjustmentSchema) },
      },
    },
    async (request) => ok(await adjustments.approve(requireOperator(request), request.params.id, caller(request))),
  );

  app.post(
    backofficePaths.adjustmentReject,
    {
      config: { permission: 'adjustments.approve' },
      schema: {
        tags,
        summary: 'Rejects an adjustment proposed by another operator; nothing moves',
        params: adjustmentIdParamsSchema,
        body: rejectAdjustmentInputSchema,
        response: { 200: okEnvelope(adjustmentSchema) },
      },
    },
    async (request) =>
      ok(await adjustments.reject(requireOperator(request), request.params.id, request.body.reason, caller(request))),
  );

  // ---------------------------------------------------------------- dashboard

  app.get(
    backofficePaths.dashboard,
    {
      config: { permission: 'dashboard.read' },
      schema: {
        tags,
        summary: "Seven cashier days of deposits, withdrawals, registrations and active players; today's queues",
        response: { 200: okEnvelope(dashboardSchema) },
      },
    },
    async () => ok(await players.dashboard()),
  );
}
