import { calls } from '@portal/contract';
import type { LogLevel, RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing';
import { quietLogLevel } from './catalogue.routes';

describe('game list logging', () => {
  it('raises the level of the game list to warn when the app logs every request, and never lowers it', () => {
    expect((['trace', 'debug', 'info'] as LogLevel[]).map((level) => quietLogLevel(level))).toEqual([
      'warn',
      'warn',
      'warn',
    ]);
    expect((['warn', 'error', 'fatal', 'silent'] as LogLevel[]).map((level) => quietLogLevel(level))).toEqual([
      'warn',
      'error',
      'fatal',
      'silent',
    ]);
  });

  it('registers the game list at that level, at the production default (info)', async () => {
    const levels = new Map<string, string | undefined>();
    const onRoute = (route: RouteOptions) => levels.set(`${route.method} ${route.url}`, route.logLevel);
    const app = await buildTestApp({ logLevel: 'info' }, { onRoute });
    try {
      expect(levels.get(`POST ${calls.gameList.path}`)).toBe('warn');
      expect(levels.get(`POST ${calls.roomList.path}`)).toBeFalsy();
    } finally {
      await app.close();
    }
  });
});
