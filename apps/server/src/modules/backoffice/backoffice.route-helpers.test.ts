import { describe, expect, it, vi } from 'vitest';
import { auditedCreate, auditedDelete, auditedUpdate, type ChangeRecorder } from './backoffice.route-helpers';
import type { CallerContext, OperatorContext } from './backoffice.service';

const operator = { operatorId: 1, username: 'owner' } as OperatorContext;
const caller: CallerContext = { ip: '203.0.113.9', userAgent: null };

function recorder() {
  const recordChange = vi.fn<ChangeRecorder['recordChange']>(async () => undefined);
  return { audit: { recordChange }, recordChange };
}

describe('audited changes of the back-office routes', () => {
  it('records the state before and after an update, through the state function', async () => {
    const { audit, recordChange } = recorder();
    const after = await auditedUpdate(audit, operator, caller, {
      action: 'content.article.updated',
      target: 'article:3',
      read: async () => ({ id: 3, title: 'Old', updatedBy: 'a' }),
      update: async () => ({ id: 3, title: 'New', updatedBy: 'b' }),
      state: ({ title }) => ({ title }),
    });
    expect(after).toEqual({ id: 3, title: 'New', updatedBy: 'b' });
    expect(recordChange).toHaveBeenCalledWith(operator, caller, {
      action: 'content.article.updated',
      target: 'article:3',
      before: { title: 'Old' },
      after: { title: 'New' },
    });
  });

  it('changes nothing and records nothing when the record cannot be read', async () => {
    const { audit, recordChange } = recorder();
    const update = vi.fn(async () => ({ id: 9 }));
    const remove = vi.fn(async () => undefined);
    const missing = async (): Promise<{ id: number }> => {
      throw new Error('CONTENT_NOT_FOUND');
    };
    await expect(
      auditedUpdate(audit, operator, caller, { action: 'a', target: 't', read: missing, update }),
    ).rejects.toThrow('CONTENT_NOT_FOUND');
    await expect(
      auditedDelete(audit, operator, caller, { action: 'a', target: 't', read: missing, remove }),
    ).rejects.toThrow('CONTENT_NOT_FOUND');
    expect(update).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
    expect(recordChange).not.toHaveBeenCalled();
  });

  it('records a created record with nothing before, and a deleted one with nothing after', async () => {
    const { audit, recordChange } = recorder();
    const created = await auditedCreate(audit, operator, caller, {
      action: 'points.goods.created',
      target: (goods) => `points-goods:${goods.id}`,
      create: async () => ({ id: 7, name: 'Mug' }),
    });
    expect(created).toEqual({ id: 7, name: 'Mug' });
    expect(
      await auditedDelete(audit, operator, caller, {
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
