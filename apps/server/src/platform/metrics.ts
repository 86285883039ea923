import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, type Metric, Registry } from 'prom-client';

const durationBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.3, 1, 3, 10] as const;

/** One route pattern and method: answers counted by status code, and the latency histogram. */
type RouteSeries = {
  method: string;
  route: string;
  byStatus: Map<number, number>;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative; made cumulative when scraped), plus +Inf at the end. */
  buckets: Float64Array;
};

type MetricValue = { value: number; labels: Record<string, string | number>; metricName?: string };

/**
 * A metric prom-client's registry formats like its own (`registerMetric` reads only name, help, type, aggregator
 * and `get()`), kept by this plugin in plain numbers: prom-client's own counter and histogram hash the label set on
 * every observation, which was the largest single cost of a small cached answer after the socket write.
 */
function exposedMetric(name: string, help: string, type: 'counter' | 'histogram', values: () => MetricValue[]): Metric {
  const get = async () => ({ name, help, type, values: values(), aggregator: 'sum' as const });
  return { name, help, type, aggregator: 'sum', get } as unknown as Metric;
}

/**
 * Prometheus metrics for one app instance: process defaults plus request counts and latency by route pattern
 * (never by raw URL, which would explode label cardinality). Each route's series is found once, when the route is
 * registered, and its own onResponse hook counts into it; requests that match no route share the `unmatched` series.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const series = new Map<string, RouteSeries>();
    const seriesFor = (method: string, route: string): RouteSeries => {
      const key = `${method} ${route}`;
      let found = series.get(key);
      if (!found) {
        found = {
          method,
          route,
          byStatus: new Map(),
          count: 0,
          sum: 0,
          buckets: new Float64Array(durationBuckets.length + 1),
        };
        series.set(key, found);
      }
      return found;
    };
    const record = (target: RouteSeries, statusCode: number, seconds: number) => {
      target.byStatus.set(statusCode, (target.byStatus.get(statusCode) ?? 0) + 1);
      target.count += 1;
      target.sum += seconds;
      let bucket = 0;
      while (bucket < durationBuckets.length && seconds > (durationBuckets[bucket] as number)) bucket += 1;
      (target.buckets[bucket] as number) += 1;
    };

    registry.registerMetric(
      exposedMetric(
        'http_requests_total',
        'HTTP requests answered, by method, route pattern and status code',
        'counter',
        () =>
          [...series.values()].flatMap((entry) =>
            [...entry.byStatus].map(([status, value]) => ({
              value,
              labels: { method: entry.method, route: entry.route, status },
            })),
          ),
      ),
    );
    registry.registerMetric(
      exposedMetric('http_request_duration_seconds', 'Time from request received to response sent', 'histogram', () =>
        [...series.values()].flatMap((entry) => {
          const labels = { method: entry.method, route: entry.route };
          const values: MetricValue[] = [];
          let cumulative = 0;
          durationBuckets.forEach((le, index) => {
            cumulative += entry.buckets[index] as number;
            values.push({
              value: cumulative,
              labels: { ...labels, le },
              metricName: 'http_request_duration_seconds_bucket',
            });
          });
          values.push({
            value: entry.count,
            labels: { ...labels, le: '+Inf' },
            metricName: 'http_request_duration_seconds_bucket',
          });
          values.push({ value: entry.sum, labels, metricName: 'http_request_duration_seconds_sum' });
          values.push({ value: entry.count, labels, metricName: 'http_request_duration_seconds_count' });
          return values;
        }),
      ),
    );

    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const targets = new Map(methods.map((method) => [method, seriesFor(method, route.url)]));
      const single = targets.size === 1 ? ([...targets.values()][0] as RouteSeries) : null;
      const hook: onResponseHookHandler = (request, reply, done) => {
        record(single ?? (targets.get(request.method) as RouteSeries), reply.statusCode, reply.elapsedTime / 1000);
        done();
      };
      const existing = route.onResponse
        ? Array.isArray(route.onResponse)
          ? route.onResponse
          : [route.onResponse]
        : [];
      route.onResponse = [...existing, hook];
    });
    // Requests that match no route (the not-found handlers) get no route hook: they are counted here.
    app.addHook('onResponse', (request, reply, done) => {
      if (request.is404) record(seriesFor(request.method, 'unmatched'), reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
      reply.type(registry.contentType).send(await registry.metrics()),
    );
  },
  { name: 'metrics' },
);
