import {
  backofficeReportsPaths,
  cashierReportQuerySchema,
  cashierReportSchema,
  dailyPlayReportSchema,
  dailyReportQuerySchema,
  okEnvelope,
  type ReportQuery,
  reportQuerySchema,
  vendorPlayReportSchema,
  vendorReportQuerySchema,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import { ok } from '../../platform/http/envelope';
import type { BackofficeReports } from './backoffice.reports.service';
import { type RequestContext, type RouteApp, tags } from './backoffice.route-helpers';
import type { BackofficeService } from './backoffice.service';

export type ReportsRouteDeps = {
  reports: BackofficeReports;
  backoffice: Pick<BackofficeService, 'recordChange'>;
} & RequestContext;

/**
 * Reports under `/reports/…` (permission `reports.read`): play by day and by vendor, the cashier by day and channel,
 * each as JSON and as a CSV download. Looking at a report changes nothing and is not audited; a CSV export takes the
 * figures out of the console, so it is written to the audit log (which report, which days, how many lines).
 */
export function registerReportsRoutes(app: RouteApp, deps: ReportsRouteDeps): void {
  const { reports, backoffice, caller, requireOperator } = deps;
  const config = { permission: 'reports.read' as const };

  const sendCsv = (reply: FastifyReply, file: { filename: string; csv: string }) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.csv);

  type CsvBuilder = (query: ReportQuery) => Promise<{ filename: string; csv: string }>;
  const csvRoutes: Array<[string, 'daily' | 'vendors' | 'cashier', string, CsvBuilder]> = [
    [backofficeReportsPaths.dailyCsv, 'daily', 'Play by day as CSV', reports.dailyCsv],
    [backofficeReportsPaths.vendorsCsv, 'vendors', 'Play by vendor as CSV', reports.vendorsCsv],
    [backofficeReportsPaths.cashierCsv, 'cashier', 'Cashier by day and channel as CSV', reports.cashierCsv],
  ];

  app.get(
    backofficeReportsPaths.daily,
    {
      config,
      schema: {
        tags,
        summary:
          'Play per cashier day: bets, wins, GGR (bets − wins), rounds and players, with the total; sort by any column',
        querystring: dailyReportQuerySchema,
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
        querystring: vendorReportQuerySchema,
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
        querystring: cashierReportQuerySchema,
        response: { 200: okEnvelope(cashierReportSchema) },
      },
    },
    async (request) => ok(await reports.cashier(request.query)),
  );

  for (const [path, report, summary, build] of csvRoutes) {
    app.get(path, { config, schema: { tags, summary, querystring: reportQuerySchema } }, async (request, reply) => {
      const operator = requireOperator(request);
      const { from, to } = reports.range(request.query);
      const file = await build(request.query);
      await backoffice.recordChange(operator, caller(request), {
        action: 'reports.exported',
        target: `report:${report}:${from}..${to}`,
        before: null,
        // Lines less the header (the play reports' last line is their total).
        after: { report, from, to, lines: file.csv.trimEnd().split('\r\n').length - 1 },
      });
      return sendCsv(reply, file);
    });
  }
}
