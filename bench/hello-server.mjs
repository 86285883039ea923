// The reference point: a bare Fastify hello-world, measured in the same run as the portal. With BODIES_FILE (a JSON
// map of path -> { headers, body } captured from the portal), it also answers those paths (GET or POST) with the very same bytes,
// so a run can tell the framework work per request apart from the cost of the bytes on the wire.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
if (process.env.BODIES_FILE) {
  const bodies = JSON.parse(readFileSync(process.env.BODIES_FILE, 'utf8'));
  for (const [url, { headers, body }] of Object.entries(bodies)) {
    const bytes = Buffer.from(body, 'base64');
    // GET for the platform bench's routes, POST for the relay calls (the games bench's list page).
    app.route({ method: ['GET', 'POST'], url, handler: (_request, reply) => reply.headers(headers).send(bytes) });
  }
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send?.({ type: 'listening', port: app.server.address().port });
