import {
  calls,
  domainRouteSchema,
  helpCenterQuerySchema,
  helpCenterSchema,
  okEnvelope,
  permissionResponseSchema,
  registerSettingsSchema,
  systemStatusSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope';
import { createPrecompressedJson } from '../../platform/http/precompressed';
import type { SystemService } from './system.service';

export type SystemRoutesOptions = { system: SystemService };

/** Session-and-system calls of spec section 7 that belong to the system module. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { system }) => {
  // One body per client address (the location is part of it); a page polls from one address.
  const precompressed = createPrecompressedJson({ maxBodies: 1000 });
  app.route({
    method: calls.systemStatus.method,
    url: calls.systemStatus.path,
    // Polled by every open page and answered from the cached snapshot: outside the global per-IP limit, whose
    // bookkeeping cost more than the answer itself (0.36 -> 0.48 of bare Fastify, bench/RESULTS.md). Floods of it
    // belong to the load balancer, like any cached asset.
    config: { rateLimit: false },
    // A GET with a small answer: no body to inflate, nothing worth compressing, so the compression plugin's
    // per-request hooks are left off this route.
    compress: false,
    decompress: false,
    schema: {
      tags: ['system'],
      summary: 'System status: 0 normal, 1 maintenance, 2 region restricted',
      response: { 200: okEnvelope(systemStatusSchema) },
    },
    // Polled by every open page: the service hands out the answer as a JSON string kept per client (only the
    // server time is appended per request), which skips the response serialiser; the schema above documents it.
    handler: async (request, reply) =>
      reply.type('application/json; charset=utf-8').send((await system.statusJson(request.ip)) as never),
  });

  app.route({
    method: calls.systemWhitelabel.method,
    url: calls.systemWhitelabel.path,
    // The start-up call of every page load, from the cached snapshot: see the status route above.
    config: { rateLimit: false },
    // Compressed once per distinct body by `precompressed` below, so the compression plugin's hooks are left off.
    compress: false,
    decompress: false,
    schema: {
      tags: ['system'],
      summary: 'Permission response: site configuration, whitelabel tree, location, maintenance and region status',
      response: { 200: okEnvelope(permissionResponseSchema) },
    },
    // The body is pre-serialised from a cached snapshot (no per-request serialisation) and compressed once per
    // distinct body (each client's differs by its location), not once per request.
    handler: async (request, reply) =>
      precompressed.send(request, reply, await system.permissionResponseJson(request.ip)),
  });

  app.route({
    method: calls.systemRegisterSettings.method,
    url: calls.systemRegisterSettings.path,
    schema: {
      tags: ['system'],
      summary: 'Registration modes and field rules',
      response: { 200: okEnvelope(registerSettingsSchema) },
    },
    handler: async () => ok(await system.registerSettings()),
  });

  app.route({
    method: calls.systemDomainRoute.method,
    url: calls.systemDomainRoute.path,
    schema: {
      tags: ['system'],
      summary: 'Main domain and alternative domains',
      response: { 200: okEnvelope(domainRouteSchema) },
    },
    handler: async () => ok(await system.domainRoute()),
  });

  app.route({
    method: calls.systemHelpCenter.method,
    url: calls.systemHelpCenter.path,
    schema: {
      tags: ['system'],
      summary: 'Help centre categories and articles in the asked language',
      querystring: helpCenterQuerySchema,
      response: { 200: okEnvelope(helpCenterSchema) },
    },
    handler: async (request) =>
      ok(await system.helpCenter(request.query.lang ?? (request.headers.language as string | undefined))),
  });
};
