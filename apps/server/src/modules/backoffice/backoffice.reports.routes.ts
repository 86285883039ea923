import {
  backofficeReportsPaths,
  cashierReportSchema,
  dailyPlayReportSchema,
  okEnvelope,
  type ReportQuery,
  reportQuerySchema,
  vendorPlayReportSchema,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope';
import type { BackofficeReports } from './backoffice.reports.service';

type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['backoffice'];

/**
 * Reports under `/reports/…` (permission `reports.read`): play by day and by vendor, the cashier by day and channel,
 * each as JSON and as a CSV download. Reading a report changes nothing, so it is not audited.
 */
export function registerReportsRoutes(app: RouteApp, deps: { reports: BackofficeReports }): void {
  const { reports } = deps;
  const config = { permission: 'reports.read' as const };

  const sendCsv = (reply: FastifyReply, file: { filename: string; csv: string }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.csv);

  const csvRoutes: Array<[string, string, (query: ReportQuery) => Promise<{ filename: string; csv: string }>]> = [
    [backofficeReportsPaths.dailyCsv, 'Play by day as CSV', reports.dailyCsv],
    [backofficeReportsPaths.vendorsCsv, 'Play by vendor as CSV', reports.vendorsCsv],
    [backofficeReportsPaths.cashierCsv, 'Cashier by day and channel as CSV', reports.cashierCsv],
  ];

  app.get(
    backofficeReportsPaths.daily,
    {
      config,
      schema: {
        tags,
        summary: 'Play per cashier day: bets, wins, GGR (bets − wins), rounds and players, with the total',
        querystring: reportQuerySchema,
        response: { 200: okEnvelope(dailyPlayReportSchema) },
      },
    },
    async (request) => ok(await reports.daily(request.query)),
  );

  app.get(
    backofficeReportsPaths.vendors,
    {
      config,
      schema: {
        tags,
        summary: 'Play per vendor over the range: bets, wins, GGR, rounds and players, with the total',
        querystring: reportQuerySchema,
        response: { 200: okEnvelope(vendorPlayReportSchema) },
      },
    },
    async (request) => ok(await reports.vendors(request.query)),
  );

  app.get(
    backofficeReportsPaths.cashier,
    {
      config,
      schema: {
        tags,
        summary: 'Completed deposits and withdrawals per cashier day and channel: counts and sums, with totals',
        querystring: reportQuerySchema,
        response: { 200: okEnvelope(cashierReportSchema) },
      },
    },
    async (request) => ok(await reports.cashier(request.query)),
  );

  for (const [path, summary, build] of csvRoutes) {
    app.get(path, { config, schema: { tags, summary, querystring: reportQuerySchema } }, async (request, reply) =>
      sendCsv(reply, await build(request.query)),
    );
  }
}
