import fastifyCookie from '@fastify/cookie';
import {
  auditChainStatusSchema,
  auditPageSchema,
  auditQuerySchema,
  backofficePaths,
  backofficeSessionCookie,
  type CatalogueSyncResult,
  catalogueSyncResultSchema,
  changeOperatorPasswordInputSchema,
  createOperatorInputSchema,
  customerServiceInputSchema,
  featureInputSchema,
  featureParamsSchema,
  generalSettingsInputSchema,
  hasPermission,
  type LedgerVerifyReport,
  ledgerVerifyReportSchema,
  maintenanceInputSchema,
  type OperatorPermission,
  okEnvelope,
  operatorIdParamsSchema,
  operatorListSchema,
  operatorLoginInputSchema,
  operatorLoginStepSchema,
  operatorMeSchema,
  operatorQuerySchema,
  operatorSchema,
  operatorTotpInputSchema,
  operatorWithPasswordSchema,
  payloadEncryptionInputSchema,
  regionBlockInputSchema,
  registerFieldsInputSchema,
  resourcesInputSchema,
  siteConfigurationSchema,
  updateOperatorInputSchema,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { SystemService } from '../system';
import {
  type BackofficeCashier,
  type BackofficeCashierEvents,
  registerCashierRoutes,
} from './backoffice.cashier.routes';
import { type BackofficeContent, registerContentRoutes } from './backoffice.content.routes';
import { type BackofficeGames, registerGamesRoutes } from './backoffice.games.routes';
import { isSameHost } from './backoffice.origin';
import { type BackofficePlayers, registerPlayerRoutes } from './backoffice.players.routes';
import { type BackofficePoints, registerPointsRoutes } from './backoffice.points.routes';
import { registerReportsRoutes } from './backoffice.reports.routes';
import type { BackofficeReports } from './backoffice.reports.service';
import { emptyBody, tags } from './backoffice.route-helpers';
import {
  type BackofficeService,
  type CallerContext,
  createBackofficeService,
  type OperatorContext,
} from './backoffice.service';

/**
 * Who may call an operator route: `public` (the sign-in steps), `signed-in` (any operator), or a permission
 * of the caller's role. Every back-office route must declare it; the plugin refuses to start otherwise.
 */
export type OperatorAccess = OperatorPermission | 'signed-in' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Back office: who may call this route (see `OperatorAccess`). */
    permission?: OperatorAccess;
    /** Back office: also open while the operator still has to replace a one-time password. */
    allowPendingPasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** Back office: the signed-in operator; null on public routes. */
    operator: OperatorContext | null;
  }
}

export type BackofficeRoutesOptions = {
  system: SystemService;
  db: Db;
  /** A ready service; built from the options above when absent. */
  backoffice?: BackofficeService;
  now?: () => Date;
  /** Send the session cookie with `Secure` (on whenever the site is served over https). Default true. */
  secureCookie?: boolean;
  /** Per client IP per minute, on the two sign-in steps (on top of the per-username and per-IP throttles). */
  loginRateLimitPerMinute?: number;
  /** Issuer shown in authenticator apps, such as "BDX88 back office". */
  totpIssuer?: string;
  /** BO_TOTP_KEY (32 bytes): TOTP secrets are sealed at rest with it, and plain ones sealed at start. */
  totpKey?: Buffer | null;
  sessionIdleMinutes?: number;
  sessionAbsoluteHours?: number;
  /** The wallet's reconciliation, served to operators (it runs in-process, so it works while PGlite is held). */
  ledger?: { verifyLedger(): Promise<LedgerVerifyReport> };
  /** The cashier's operator functions (deposits, withdrawals, channels): served under `/cashier` when given. */
  cashier?: BackofficeCashier;
  /** The live cashier queues (realtime module): their operator socket is served as `/cashier/events` when given. */
  cashierEvents?: BackofficeCashierEvents;
  /**
   * Players and agents, manual adjustments and the dashboard: served under `/players`, `/adjustments` and
   * `/dashboard` when given. Built from the back-office service, which they audit through.
   */
  players?: (backoffice: BackofficeService) => BackofficePlayers;
  /** The content module's operator functions (announcements, inbox messages, feedback): served under `/content`. */
  content?: BackofficeContent;
  /**
   * Live chat (the support module): registers its operator routes under `/support` inside this plugin, so the session
   * and permission hook guard them; assign and close are audited through `recordChange`.
   */
  support?: (
    app: Parameters<FastifyPluginAsyncZod>[0],
    deps: {
      requireOperator: (request: FastifyRequest) => OperatorContext;
      recordChange: (
        request: FastifyRequest,
        change: { action: string; target: string; before: unknown; after: unknown },
      ) => Promise<void>;
    },
  ) => void;
  /** Pulls every game aggregator's catalogue now (the gaming module): served as `POST /catalogue/sync`. */
  catalogueSync?: () => Promise<CatalogueSyncResult>;
  /** The catalogue's operator tables and switches: served under `/catalogue/vendors` and `/catalogue/games`. */
  games?: BackofficeGames;
  /** Play and cashier reports (with CSV): served under `/reports`. */
  reports?: BackofficeReports;
  /** The points mall's goods, redemption queue and settings (promotions module): served under `/points`. */
  points?: BackofficePoints;
};

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
// Every route but the two sign-in steps needs the bo_session cookie (set by the TOTP step).

function caller(request: FastifyRequest): CallerContext {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: Array.isArray(agent) ? agent[0] : (agent ?? null) };
}

function requireOperator(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw new AppError('BO_AUTH_REQUIRED');
  return request.operator;
}

/**
 * The operator console's API, registered with the prefix `/bo/api`. Operators authenticate with the
 * `bo_session` cookie (HttpOnly, SameSite=Strict, path = the prefix): the token never reaches page
 * scripts, and the browser does not send it on requests started by other sites. Writes from another
 * origin are refused as well (Origin check), as a second line against cross-site requests.
 */
export const backofficeRoutes: FastifyPluginAsyncZod<BackofficeRoutesOptions> = async (app, options) => {
  const backoffice =
    options.backoffice ??
    createBackofficeService({
      db: options.db,
      system: options.system,
      ...(options.now ? { now: options.now } : {}),
      ...(options.totpIssuer ? { totpIssuer: options.totpIssuer } : {}),
      ...(options.totpKey ? { totpKey: options.totpKey } : {}),
      ...(options.sessionIdleMinutes ? { sessionIdleMinutes: options.sessionIdleMinutes } : {}),
      ...(options.sessionAbsoluteHours ? { sessionAbsoluteHours: options.sessionAbsoluteHours } : {}),
    });
  const cookiePath = app.prefix || '/';
  const cookieOptions = {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: options.secureCookie ?? true,
  };
  const loginLimit = { rateLimit: { max: options.loginRateLimitPerMinute ?? 20, timeWindow: 60_000 } };

  const sealed = await backoffice.sealStoredTotpSecrets();
  if (sealed > 0) app.log.info({ sealed }, 'back office: sealed TOTP secrets stored before BO_TOTP_KEY was set');

  if (!app.hasDecorator('parseCookie')) await app.register(fastifyCookie);
  app.decorateRequest('operator', null);

  // Fail closed: a route that forgot to say who may call it would otherwise be open to everyone.
  app.addHook('onRoute', (route) => {
    if (!route.config?.permission)
      throw new Error(`back-office route ${route.method} ${route.url} declares no permission`);
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.permission;
    if (!access) return; // not one of our routes: the not-found handler answers
    if (!safeMethods.has(request.method)) {
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        if (!isSameHost(origin, request.host)) throw new AppError('BO_FORBIDDEN', { reason: 'cross-origin' });
      }
    }
    if (access === 'public') return;
    const token = request.cookies[backofficeSessionCookie];
    if (!token) throw new AppError('BO_AUTH_REQUIRED');
    let operator: OperatorContext;
    try {
      operator = await backoffice.authenticate(token);
    } catch (error) {
      reply.clearCookie(backofficeSessionCookie, cookieOptions);
      throw error;
    }
    request.operator = operator;
    if (operator.mustChangePassword && !request.routeOptions.config.allowPendingPasswordChange)
      throw new AppError('BO_PASSWORD_CHANGE_REQUIRED');
    if (access !== 'signed-in' && !hasPermission(operator.role, access))
      throw new AppError('BO_FORBIDDEN', { permission: access });
  });

  const setSessionCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(backofficeSessionCookie, token, { ...cookieOptions, expires: expiresAt });

  // ---------------------------------------------------------------- session

  app.post(
    backofficePaths.login,
    {
      config: { permission: 'public', ...loginLimit },
      schema: {
        tags,
        summary: 'Operator sign-in, step 1: username and password. Answers with the TOTP or enrolment step.',
        body: operatorLoginInputSchema,
        response: { 200: okEnvelope(operatorLoginStepSchema) },
      },
    },
    async (request) => ok(await backoffice.login(request.body, caller(request))),
  );

  app.post(
    backofficePaths.totp,
    {
      config: { permission: 'public', ...loginLimit },
      schema: {
        tags,
        summary: 'Operator sign-in, step 2: the TOTP code (confirms enrolment). Sets the bo_session cookie.',
        body: operatorTotpInputSchema,
        response: { 200: okEnvelope(operatorMeSchema) },
      },
    },
    async (request, reply) => {
      const session = await backoffice.completeLogin(request.body, caller(request));
      setSessionCookie(reply, session.token, session.expiresAt);
      const context = await backoffice.authenticate(session.token);
      return ok(await backoffice.me(context));
    },
  );

  app.post(
    backofficePaths.logout,
    {
      config: { permission: 'signed-in', allowPendingPasswordChange: true },
      schema: {
        tags,
        summary: 'Ends the operator session',
        body: emptyBody,
        response: { 200: okEnvelope(z.null()) },
      },
    },
    async (request, reply) => {
      await backoffice.logout(requireOperator(request), caller(request));
      reply.clearCookie(backofficeSessionCookie, cookieOptions);
      return ok(null);
    },
  );

  app.get(
    backofficePaths.me,
    {
      config: { permission: 'signed-in', allowPendingPasswordChange: true },
      schema: {
        tags,
        summary: 'The signed-in operator, their permissions and session end',
        response: { 200: okEnvelope(operatorMeSchema) },
      },
    },
    async (request) => ok(await backoffice.me(requireOperator(request))),
  );

  app.post(
    backofficePaths.password,
    {
      config: { permission: 'signed-in', allowPendingPasswordChange: true },
      schema: {
        tags,
        summary: "Changes the caller's password; their other sessions end",
        body: changeOperatorPasswordInputSchema,
        response: { 200: okEnvelope(operatorMeSchema) },
      },
    },
    async (request) => ok(await backoffice.changePassword(requireOperator(request), request.body, caller(request))),
  );

  // ---------------------------------------------------------------- operators

  app.get(
    backofficePaths.operators,
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags,
        summary: 'Operators, oldest account first unless sorted otherwise',
        querystring: operatorQuerySchema,
        response: { 200: okEnvelope(operatorListSchema) },
      },
    },
    async (request) => ok(await backoffice.listOperators(request.query)),
  );

  app.post(
    backofficePaths.operators,
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags,
        summary: 'Creates an operator with a one-time password (shown once)',
        body: createOperatorInputSchema,
        response: { 200: okEnvelope(operatorWithPasswordSchema) },
      },
    },
    async (request) => ok(await backoffice.createOperator(requireOperator(request), request.body, caller(request))),
  );

  app.patch(
    backofficePaths.operator,
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags,
        summary: "Changes an operator's role",
        params: operatorIdParamsSchema,
        body: updateOperatorInputSchema,
        response: { 200: okEnvelope(operatorSchema) },
      },
    },
    async (request) =>
      ok(await backoffice.changeRole(requireOperator(request), request.params.id, request.body.role, caller(request))),
  );

  for (const [path, enabled] of [
    [backofficePaths.operatorDisable, false],
    [backofficePaths.operatorEnable, true],
  ] as const) {
    app.post(
      path,
      {
        config: { permission: 'operators.manage' },
        schema: {
          tags,
          summary: enabled ? 'Enables an operator' : 'Disables an operator and ends their sessions',
          params: operatorIdParamsSchema,
          body: emptyBody,
          response: { 200: okEnvelope(operatorSchema) },
        },
      },
      async (request) =>
        ok(await backoffice.setOperatorStatus(requireOperator(request), request.params.id, enabled, caller(request))),
    );
  }

  app.post(
    backofficePaths.operatorResetTotp,
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags,
        summary: "Clears an operator's authenticator: they enrol again at next sign-in",
        params: operatorIdParamsSchema,
        body: emptyBody,
        response: { 200: okEnvelope(operatorSchema) },
      },
    },
    async (request) => ok(await backoffice.resetTotp(requireOperator(request), request.params.id, caller(request))),
  );

  app.post(
    backofficePaths.operatorResetPassword,
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags,
        summary: 'Gives an operator a new one-time password (shown once)',
        params: operatorIdParamsSchema,
        body: emptyBody,
        response: { 200: okEnvelope(operatorWithPasswordSchema) },
      },
    },
    async (request) => ok(await backoffice.resetPassword(requireOperator(request), request.params.id, caller(request))),
  );

  // ---------------------------------------------------------------- audit log

  app.get(
    backofficePaths.audit,
    {
      config: { permission: 'audit.read' },
      schema: {
        tags,
        summary: 'Audit log, newest first, filtered by operator, action prefix, target and time',
        querystring: auditQuerySchema,
        response: { 200: okEnvelope(auditPageSchema) },
      },
    },
    async (request) => ok(await backoffice.listAudit(request.query)),
  );

  app.get(
    backofficePaths.auditVerify,
    {
      config: { permission: 'audit.read' },
      schema: {
        tags,
        summary: 'Recomputes the audit hash chain and reports the first row that does not fit',
        response: { 200: okEnvelope(auditChainStatusSchema) },
      },
    },
    async () => ok(await backoffice.verifyAuditChain()),
  );

  // ---------------------------------------------------------------- ledger reconciliation

  const { ledger } = options;
  if (ledger) {
    app.get(
      '/ledger/verify',
      {
        config: { permission: 'audit.read' },
        schema: {
          tags,
          summary:
            'Reconciles the ledger (as npm run ledger:verify): cached balances, debits equal credits, holds, reversals',
          response: { 200: okEnvelope(ledgerVerifyReportSchema) },
        },
      },
      async () => ok(await ledger.verifyLedger()),
    );
  }

  // ---------------------------------------------------------------- cashier

  if (options.cashier) {
    registerCashierRoutes(app, {
      cashier: options.cashier,
      ...(options.cashierEvents ? { events: options.cashierEvents } : {}),
      backoffice,
      caller,
      requireOperator,
    });
  }

  // ---------------------------------------------------------------- players, adjustments, dashboard

  if (options.players) registerPlayerRoutes(app, { ...options.players(backoffice), caller, requireOperator });

  // ---------------------------------------------------------------- content: announcements, messages, feedback

  if (options.content) {
    registerContentRoutes(app, { content: options.content, help: options.system, backoffice, caller, requireOperator });
  }

  // ---------------------------------------------------------------- live chat (support module)

  if (options.support) {
    options.support(app, {
      requireOperator,
      recordChange: (request, change) => backoffice.recordChange(requireOperator(request), caller(request), change),
    });
  }

  // ---------------------------------------------------------------- games catalogue

  if (options.games) registerGamesRoutes(app, { games: options.games, backoffice, caller, requireOperator });

  // ---------------------------------------------------------------- reports

  if (options.reports) {
    registerReportsRoutes(app, { reports: options.reports, backoffice, caller, requireOperator });
  }

  if (options.points) registerPointsRoutes(app, { points: options.points, backoffice, caller, requireOperator });

  if (options.catalogueSync) {
    const sync = options.catalogueSync;
    app.post(
      '/catalogue/sync',
      {
        config: { permission: 'games.manage' },
        schema: {
          tags,
          summary:
            "Pulls every game aggregator's catalogue now (Hub88 allows one game list a minute); one failing aggregator keeps its previous games",
          body: emptyBody,
          response: { 200: okEnvelope(catalogueSyncResultSchema) },
        },
      },
      async (request) => {
        const operator = requireOperator(request);
        const result = await sync();
        await backoffice.recordChange(operator, caller(request), {
          action: 'catalogue.sync',
          target: 'catalogue',
          before: null,
          after: result.runs.map((run) => ({
            vendor: run.vendor,
            ok: run.ok,
            received: run.received,
            error: run.error,
          })),
        });
        return ok(result);
      },
    );
  }

  // ---------------------------------------------------------------- site configuration

  app.get(
    backofficePaths.config,
    {
      config: { permission: 'config.read' },
      schema: {
        tags,
        summary: 'The site configuration as stored',
        response: { 200: okEnvelope(siteConfigurationSchema) },
      },
    },
    async () => ok(await backoffice.configuration()),
  );

  const configResponse = { 200: okEnvelope(siteConfigurationSchema) };

  app.put(
    backofficePaths.configMaintenance,
    {
      config: { permission: 'site.maintenance' },
      schema: {
        tags,
        summary: 'Switches maintenance on or off, with an optional end time',
        body: maintenanceInputSchema,
        response: configResponse,
      },
    },
    async (request) => ok(await backoffice.setMaintenance(requireOperator(request), request.body, caller(request))),
  );

  app.put(
    backofficePaths.configRegionBlock,
    {
      config: { permission: 'site.region' },
      schema: {
        tags,
        summary: 'Replaces the region block list: countries and IP ranges',
        body: regionBlockInputSchema,
        response: configResponse,
      },
    },
    async (request) => ok(await backoffice.setRegionBlock(requireOperator(request), request.body, caller(request))),
  );

  app.put(
    backofficePaths.configPayloadEncryption,
    {
      config: { permission: 'site.security' },
      schema: {
        tags,
        summary: 'Switches payload encryption of calls marked E',
        body: payloadEncryptionInputSchema,
        response: configResponse,
      },
    },
    async (request) =>
      ok(await backoffice.setPayloadEncryption(requireOperator(request), request.body.enabled, caller(request))),
  );

  app.put(
    backofficePaths.configGeneral,
    {
      config: { permission: 'site.general' },
      schema: {
        tags,
        summary: 'Default language, CDN lists and analytics id',
        body: generalSettingsInputSchema,
        response: configResponse,
      },
    },
    async (request) => ok(await backoffice.setGeneral(requireOperator(request), request.body, caller(request))),
  );

  app.put(
    backofficePaths.configFeature,
    {
      config: { permission: 'features.write' },
      schema: {
        tags,
        summary: 'Switches one node of the whitelabel feature tree',
        params: featureParamsSchema,
        body: featureInputSchema,
        response: configResponse,
      },
    },
    async (request) =>
      ok(
        await backoffice.setFeature(
          requireOperator(request),
          request.params.modId,
          request.body.enabled,
          caller(request),
        ),
      ),
  );

  app.put(
    backofficePaths.configRegisterFields,
    {
      config: { permission: 'registration.write' },
      schema: {
        tags,
        summary: 'Updates registration field rules (the accepted pattern follows the pattern family)',
        body: registerFieldsInputSchema,
        response: configResponse,
      },
    },
    async (request) => ok(await backoffice.setRegisterFields(requireOperator(request), request.body, caller(request))),
  );

  app.put(
    backofficePaths.configCustomerService,
    {
      config: { permission: 'customerService.write' },
      schema: {
        tags,
        summary: 'Replaces the customer-service entries (live chat and contact links)',
        body: customerServiceInputSchema,
        response: configResponse,
      },
    },
    async (request) => ok(await backoffice.setCustomerService(requireOperator(request), request.body, caller(request))),
  );

  app.put(
    backofficePaths.configResources,
    {
      // Resources are site content like the CDN lists, so they share the general settings' permission.
      config: { permission: 'site.general' },
      schema: {
        tags,
        summary: 'Replaces the resources (app-download and community links)',
        body: resourcesInputSchema,
        response: configResponse,
      },
    },
    async (request) => ok(await backoffice.setResources(requireOperator(request), request.body, caller(request))),
  );
};
