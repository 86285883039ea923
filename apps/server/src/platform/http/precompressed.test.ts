import * as zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPrecompressedJson } from './precompressed';

vi.mock('node:zlib', async (original) => {
  const actual = await original<typeof import('node:zlib')>();
  return { ...actual, brotliCompressSync: vi.fn(actual.brotliCompressSync), gzipSync: vi.fn(actual.gzipSync) };
});

const large = JSON.stringify({ success: true, value: { text: 'portal '.repeat(400) } });

async function serve(body: () => string) {
  const precompressed = createPrecompressedJson({ maxBodies: 2 });
  const app = Fastify();
  app.get('/', (request, reply) => precompressed.send(request, reply, body()));
  await app.ready();
  return { app, precompressed };
}

afterEach(() => vi.clearAllMocks());

describe('precompressed JSON', () => {
  it('compresses a repeated body once per encoding, however many requests ask for it', async () => {
    const { app, precompressed } = await serve(() => large);
    for (let i = 0; i < 5; i += 1) {
      const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(large);
    }
    await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.brotliCompressSync).toHaveBeenCalledTimes(1);
    expect(zlib.gzipSync).toHaveBeenCalledTimes(1);
    expect(precompressed.size).toBe(1);
  });

  it('keeps only the newest bodies within its bound', async () => {
    let n = 0;
    const { app, precompressed } = await serve(() => {
      n += 1;
      return large.replace('portal', `portal${n}`);
    });
    for (let i = 0; i < 4; i += 1) await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(precompressed.size).toBe(2);
    expect(zlib.gzipSync).toHaveBeenCalledTimes(4);
  });

  it('sends small bodies and clients that accept no supported encoding the plain JSON', async () => {
    const { app } = await serve(() => '{"success":true}');
    const small = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('{"success":true}');
    const other = await serve(() => large);
    const deflateOnly = await other.app.inject({ url: '/', headers: { 'accept-encoding': 'deflate' } });
    expect(deflateOnly.headers['content-encoding']).toBeUndefined();
    expect(deflateOnly.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(deflateOnly.body).toBe(large);
    expect(zlib.gzipSync).not.toHaveBeenCalled();
  });
});
