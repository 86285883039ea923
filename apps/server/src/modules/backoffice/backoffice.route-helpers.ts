import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BackofficeService, CallerContext, OperatorContext } from './backoffice.service';

/*
 * What the back-office route files share: the app they register on, the OpenAPI tag, the body of an action without
 * one, the caller's identity, and the audited change. A change made through the console is written to the audit log
 * with the record's state before and after it, in the same order everywhere: the state before is read first (a record
 * that does not exist fails there, before anything changes), then the change is made, then the entry is written.
 */

/** The Fastify instance (zod type provider) the route files register their routes on. */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** The OpenAPI tag of every back-office route. */
export const tags = ['backoffice'];

/** The body of an action that takes none: nothing, or an empty object (never unknown fields). */
export const emptyBody = z.strictObject({}).optional();

/** Who calls: the signed-in operator (refused without one) and where the request comes from. */
export type RequestContext = {
  caller: (request: FastifyRequest) => CallerContext;
  requireOperator: (request: FastifyRequest) => OperatorContext;
};

/** The audit log, as the routes write to it. */
export type ChangeRecorder = Pick<BackofficeService, 'recordChange'>;

/** How content the operator writes names its author (`updatedBy`). */
export function authorOf(operator: OperatorContext): { username: string } {
  return { username: operator.username };
}

type AuditedChange = {
  /** The audit entry's action (`content.article.updated`). */
  action: string;
  /** The audit entry's target (`article:12`). */
  target: string;
};

/**
 * The audited changes of a route file: each takes the request, resolves the signed-in operator first (refused
 * without one, before anything is read or changed), and writes the audit entry with the caller's address.
 */
export function auditedChanges({
  backoffice,
  caller,
  requireOperator,
}: RequestContext & { backoffice: ChangeRecorder }) {
  const identity = <Row>(row: Row): unknown => row;
  return {
    /** Creates a record and writes the audit entry with its state (nothing before); returns the record. */
    async create<Row>(
      request: FastifyRequest,
      change: Omit<AuditedChange, 'target'> & {
        target: (created: Row) => string;
        create: (operator: OperatorContext) => Promise<Row>;
        state?: (row: Row) => unknown;
      },
    ): Promise<Row> {
      const operator = requireOperator(request);
      const created = await change.create(operator);
      const state = change.state ?? identity;
      await backoffice.recordChange(operator, caller(request), {
        action: change.action,
        target: change.target(created),
        before: null,
        after: state(created),
      });
      return created;
    },

    /** Changes a record and writes the audit entry with its state before and after; returns the record after. */
    async update<Row>(
      request: FastifyRequest,
      change: AuditedChange & {
        read: () => Promise<Row>;
        update: (operator: OperatorContext) => Promise<Row>;
        state?: (row: Row) => unknown;
      },
    ): Promise<Row> {
      const operator = requireOperator(request);
      const before = await change.read();
      const after = await change.update(operator);
      const state = change.state ?? identity;
      await backoffice.recordChange(operator, caller(request), {
        action: change.action,
        target: change.target,
        before: state(before),
        after: state(after),
      });
      return after;
    },

    /** Deletes a record and writes the audit entry with its state before (nothing after). */
    async remove<Row>(
      request: FastifyRequest,
      change: AuditedChange & {
        read: () => Promise<Row>;
        remove: (operator: OperatorContext) => Promise<unknown>;
        state?: (row: Row) => unknown;
      },
    ): Promise<{ deleted: true }> {
      const operator = requireOperator(request);
      const before = await change.read();
      await change.remove(operator);
      const state = change.state ?? identity;
      await backoffice.recordChange(operator, caller(request), {
        action: change.action,
        target: change.target,
        before: state(before),
        after: null,
      });
      return { deleted: true as const };
    },
  };
}
