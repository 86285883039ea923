import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { MemoryPubSub } from '../../platform/kv';
import { conversationChannel, operatorsChannel } from './support.service';
import { createSupportSockets } from './support.sockets';

/** Enough of a ws socket for the registry: events, send, ping, close, terminate. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
}

const asWs = (socket: FakeSocket) => socket as unknown as WebSocket;
const log = { warn() {}, error() {} };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('support sockets', () => {
  it('forwards a conversation’s events to its member sockets only, and operator events to operators', async () => {
    const pubsub = new MemoryPubSub();
    const sockets = createSupportSockets({ pubsub, log });
    const member7 = new FakeSocket();
    const member8 = new FakeSocket();
    const operator = new FakeSocket();
    await sockets.attachMember(7, asWs(member7));
    await sockets.attachMember(8, asWs(member8));
    await sockets.attachOperator(asWs(operator));
    await pubsub.publish(conversationChannel(7), '{"type":"pong"}');
    await pubsub.publish(operatorsChannel, '{"type":"ready"}');
    await wait(10);
    expect(member7.sent).toEqual(['{"type":"pong"}']);
    expect(member8.sent).toEqual([]);
    expect(operator.sent).toEqual(['{"type":"ready"}']);
    member7.close(1000);
    expect(sockets.count()).toBe(2);
    await sockets.close();
    expect(member8.closedWith).toBe(1001);
    expect(operator.closedWith).toBe(1001);
    await pubsub.close();
  });

  it('drops a socket that stops answering pings and keeps one that answers', async () => {
    const pubsub = new MemoryPubSub();
    const sockets = createSupportSockets({ pubsub, log, heartbeatIntervalMs: 30 });
    const silent = new FakeSocket();
    const lively = new FakeSocket();
    lively.ping = () => {
      lively.pings += 1;
      setTimeout(() => lively.emit('pong'), 1);
    };
    await sockets.attachMember(1, asWs(silent));
    await sockets.attachMember(1, asWs(lively));
    await wait(120);
    expect(silent.terminated).toBe(true);
    expect(lively.terminated).toBe(false);
    expect(lively.pings).toBeGreaterThan(1);
    expect(sockets.count()).toBe(1);
    await sockets.close();
    await pubsub.close();
  });
});
