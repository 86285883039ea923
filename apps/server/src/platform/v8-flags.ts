import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags the server process runs with, applied by its entry point (main.ts) before it serves, so that every way
 * of starting it (`npm start`, `node dist/main.js`, a container) runs the same way; the benches' server harnesses
 * apply them too, so that they measure what production runs.
 *
 * `--no-allocation-site-pretenuring`: V8 watches where objects are allocated and, when most objects from one place
 * survive a young-generation collection, allocates that place's later objects straight in the old generation. Under
 * load, a request's objects (Node's IncomingMessage and ServerResponse, header lists, write requests) are alive at
 * every young collection, because a couple of hundred requests are always in flight, so V8 pretenures them all,
 * though each dies a few milliseconds later. Measured on the game-list load of bench/games.mjs (200 connections):
 * the old generation then grew by ~85 MB/s of dead requests and was fully collected every 2.7 s (pauses and marking
 * steps of 7-28 ms), each young collection took ~5 ms; without pretenuring the old generation stays flat, young
 * collections take ~0.9 ms, and the list's p99 fell from 17-22 ms to 9-11 ms at 25% less CPU per request. The
 * server's long-lived data (catalogue, caches) is built once and still reaches the old generation by promotion.
 */
export const serverV8Flags: readonly string[] = ['--no-allocation-site-pretenuring'];

/** Sets `serverV8Flags` on this process's V8 (effective for allocation sites from then on; call it first). */
export function applyServerV8Flags(): void {
  for (const flag of serverV8Flags) setFlagsFromString(flag);
}
