import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

type Encoding = 'br' | 'gzip';

/**
 * A finished JSON answer as bytes (UTF-8), with its Brotli and gzip forms once a client asked for them. Held by
 * whoever repeats the answer, so a repeat costs neither the string's encoding to bytes nor a compression.
 */
export type JsonBody = { readonly identity: Buffer; br?: Buffer; gzip?: Buffer };

/** Bodies smaller than this go out as they are: compressing them saves less than the header costs. */
const MIN_COMPRESS_BYTES = 1024;
/** Brotli quality for answers made once and sent many times: near the best ratio at a few hundred microseconds. */
const BROTLI_QUALITY = 5;
const jsonType = 'application/json; charset=utf-8';

/** The answer's bytes, ready for `sendJsonBody` (compressed forms are added when first asked for). */
export function jsonBody(json: string): JsonBody {
  return { identity: Buffer.from(json, 'utf8') };
}

function encoded(body: JsonBody, encoding: Encoding): Buffer {
  let bytes = body[encoding];
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? brotliCompressSync(body.identity, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.identity.length,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            },
          })
        : gzipSync(body.identity);
    body[encoding] = bytes;
  }
  return bytes;
}

/**
 * The encoding chosen for each Accept-Encoding value seen (browsers send a handful of distinct values), so that a
 * request costs a look-up instead of parsing the header. Bounded: a client inventing values starts it over.
 */
const negotiated = new Map<string, Encoding | null>();
function encodingFor(accept: string): Encoding | null {
  let encoding = negotiated.get(accept);
  if (encoding === undefined) {
    encoding = negotiate<Encoding>(accept, ['br', 'gzip']) ?? null;
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(accept, encoding);
  }
  return encoding;
}

/**
 * Sends a held JSON answer: the identity bytes to clients that send no Accept-Encoding (or accept neither Brotli
 * nor gzip) and for small bodies, else the compressed form, made once per body. The global compression hook sees
 * the Content-Encoding and leaves the answer alone; `Vary: Accept-Encoding` keeps shared caches honest.
 */
export function sendJsonBody(request: FastifyRequest, reply: FastifyReply, body: JsonBody): FastifyReply {
  reply.header('content-type', jsonType);
  const accept = request.headers['accept-encoding'];
  if (!accept || body.identity.length < MIN_COMPRESS_BYTES) return reply.send(body.identity as never);
  reply.header('vary', 'accept-encoding');
  const encoding = encodingFor(accept);
  if (!encoding) return reply.send(body.identity as never);
  return reply.header('content-encoding', encoding).send(encoded(body, encoding) as never);
}

/**
 * Sends JSON bodies that repeat (answers built from a cached snapshot) compressed once per distinct body instead of
 * once per request: the bodies and their Brotli/gzip forms are kept in a bounded LRU keyed by the body text.
 * Clients that send no Accept-Encoding get the plain JSON, with no compression work at all.
 */
export function createPrecompressedJson(options: { maxBodies: number }) {
  const cache = new LRUCache<string, JsonBody>({ max: options.maxBodies });

  return {
    send(request: FastifyRequest, reply: FastifyReply, json: string): FastifyReply {
      const accept = request.headers['accept-encoding'];
      if (!accept || json.length < MIN_COMPRESS_BYTES) {
        return reply.header('content-type', jsonType).send(json as never);
      }
      let found = cache.get(json);
      if (!found) {
        found = jsonBody(json);
        cache.set(json, found);
      }
      return sendJsonBody(request, reply, found);
    },
    /** Number of distinct bodies held (for tests). */
    get size(): number {
      return cache.size;
    },
  };
}

export type PrecompressedJson = ReturnType<typeof createPrecompressedJson>;
