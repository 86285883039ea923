import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics for one app instance: process defaults plus request counts and latency by
 * route pattern (never by raw URL, which would explode label cardinality).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request received to response sent',
      labelNames: ['method', 'route'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.3, 1, 3, 10],
      registers: [registry],
    });
    // The labelled series are looked up once per method, route and status and kept: prom-client hashes the label
    // object on every call otherwise, a measurable share of a small cached answer's cost (bench/RESULTS.md).
    const counters = new Map<string, ReturnType<typeof requests.labels>>();
    const timers = new Map<string, ReturnType<typeof duration.labels>>();
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const series = `${request.method} ${route}`;
      const counterKey = `${series} ${reply.statusCode}`;
      let counter = counters.get(counterKey);
      if (!counter) {
        counter = requests.labels(request.method, route, String(reply.statusCode));
        counters.set(counterKey, counter);
      }
      counter.inc();
      let timer = timers.get(series);
      if (!timer) {
        timer = duration.labels(request.method, route);
        timers.set(series, timer);
      }
      timer.observe(reply.elapsedTime / 1000);
      done();
    });
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
      reply.type(registry.contentType).send(await registry.metrics()),
    );
  },
  { name: 'metrics' },
);
