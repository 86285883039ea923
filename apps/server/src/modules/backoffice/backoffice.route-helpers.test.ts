import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { auditedChanges, type ChangeRecorder } from './backoffice.route-helpers';
import type { CallerContext, OperatorContext } from './backoffice.service';

const operator = { operatorId: 1, username: 'owner' } as OperatorContext;
const caller: CallerContext = { ip: '203.0.113.9', userAgent: null };
const request = {} as FastifyRequest;

function setUp(signedIn = true) {
  const recordChange = vi.fn<ChangeRecorder['recordChange']>(async () => undefined);
  const audited = auditedChanges({
    backoffice: { recordChange },
    caller: () => caller,
    requireOperator: () => {
      if (!signedIn) throw new Error('BO_AUTH_REQUIRED');
      return operator;
    },
  });
  return { audited, recordChange };
}

describe('audited changes of the back-office routes', () => {
  it('records the state before and after an update, through the state function, for the signed-in operator', async () => {
    const { audited, recordChange } = setUp();
    const after = await audited.update(request, {
      action: 'content.article.updated',
      target: 'article:3',
      read: async () => ({ id: 3, title: 'Old', updatedBy: 'a' }),
      update: async (by) => ({ id: 3, title: 'New', updatedBy: by.username }),
      state: ({ title }: { title: string }) => ({ title }),
    });
    expect(after).toEqual({ id: 3, title: 'New', updatedBy: 'owner' });
    expect(recordChange).toHaveBeenCalledWith(operator, caller, {
      action: 'content.article.updated',
      target: 'article:3',
      before: { title: 'Old' },
      after: { title: 'New' },
    });
  });

  it('reads, changes and records nothing without a signed-in operator, and changes nothing when the read fails', async () => {
    const read = vi.fn(async () => ({ id: 9 }));
    const update = vi.fn(async () => ({ id: 9 }));
    const remove = vi.fn(async () => undefined);
    const anonymous = setUp(false);
    await expect(anonymous.audited.update(request, { action: 'a', target: 't', read, update })).rejects.toThrow(
      'BO_AUTH_REQUIRED',
    );
    expect(read).not.toHaveBeenCalled();

    const { audited, recordChange } = setUp();
    const missing = async (): Promise<{ id: number }> => {
      throw new Error('CONTENT_NOT_FOUND');
    };
    await expect(audited.update(request, { action: 'a', target: 't', read: missing, update })).rejects.toThrow(
      'CONTENT_NOT_FOUND',
    );
    await expect(audited.remove(request, { action: 'a', target: 't', read: missing, remove })).rejects.toThrow(
      'CONTENT_NOT_FOUND',
    );
    expect(update).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
    expect(recordChange).not.toHaveBeenCalled();
    expect(anonymous.recordChange).not.toHaveBeenCalled();
  });

  it('records a created record with nothing before, and a deleted one with nothing after', async () => {
    const { audited, recordChange } = setUp();
    const created = await audited.create(request, {
      action: 'points.goods.created',
      target: (goods: { id: number }) => `points-goods:${goods.id}`,
      create: async () => ({ id: 7, name: 'Mug' }),
    });
    expect(created).toEqual({ id: 7, name: 'Mug' });
    expect(
      await audited.remove(request, {
        action: 'points.goods.deleted',
        target: 'points-goods:7',
        read: async () => created,
        remove: async () => undefined,
      }),
    ).toEqual({ deleted: true });
    expect(recordChange.mock.calls.map(([, , change]) => change)).toEqual([
      { action: 'points.goods.created', target: 'points-goods:7', before: null, after: { id: 7, name: 'Mug' } },
      { action: 'points.goods.deleted', target: 'points-goods:7', before: { id: 7, name: 'Mug' }, after: null },
    ]);
  });
});
