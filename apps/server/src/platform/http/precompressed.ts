import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

type Encoding = 'br' | 'gzip';
type Variants = { identity: Buffer; br?: Buffer; gzip?: Buffer };

/** Bodies smaller than this go out as they are: compressing them saves less than the header costs. */
const MIN_COMPRESS_BYTES = 1024;
/** Brotli quality for answers made once and sent many times: near the best ratio at a few hundred microseconds. */
const BROTLI_QUALITY = 5;

/**
 * Sends JSON bodies that repeat (answers built from a cached snapshot) compressed once per distinct body instead of
 * once per request: the bodies and their Brotli/gzip forms are kept in a bounded LRU keyed by the body text. The
 * global compression hook sees the Content-Encoding and leaves the answer alone; `Vary: Accept-Encoding` keeps
 * shared caches honest. Clients that send no Accept-Encoding get the identity body, with no compression work at all.
 */
export function createPrecompressedJson(options: { maxBodies: number }) {
  const cache = new LRUCache<string, Variants>({ max: options.maxBodies });

  function variants(json: string): Variants {
    let found = cache.get(json);
    if (!found) {
      found = { identity: Buffer.from(json, 'utf8') };
      cache.set(json, found);
    }
    return found;
  }

  function encoded(found: Variants, encoding: Encoding): Buffer {
    let body = found[encoding];
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(found.identity, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: found.identity.length,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              },
            })
          : gzipSync(found.identity);
      found[encoding] = body;
    }
    return body;
  }

  return {
    send(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
      reply.type('application/json; charset=utf-8');
      const accept = request.headers['accept-encoding'];
      if (!accept || json.length < MIN_COMPRESS_BYTES) return reply.send(json as never);
      reply.header('vary', 'accept-encoding');
      const encoding = negotiate<Encoding>(accept, ['br', 'gzip']);
      const found = variants(json);
      if (!encoding) return reply.send(found.identity as never);
      return reply.header('content-encoding', encoding).send(encoded(found, encoding) as never);
    },
    /** Number of distinct bodies held (for tests). */
    get size(): number {
      return cache.size;
    },
  };
}

export type PrecompressedJson = ReturnType<typeof createPrecompressedJson>;
