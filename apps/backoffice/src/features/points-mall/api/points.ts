import {
  contentDeletedSchema,
  type OperatorPointGoodsInput,
  operatorPointGoodsListSchema,
  operatorPointGoodsSchema,
  operatorRedemptionPageSchema,
  operatorRedemptionSchema,
  type PointRedeemStatus,
  type PointSettingsInput,
  pointSettingsSchema,
  pointsBackofficePaths,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boCall } from '@/lib/api-client';

/** The points mall's operator calls (server: backoffice.points.routes.ts). */
export const pointsQueryKey = ['bo', 'points'] as const;
const pageSize = 20;

export function useGoodsList(enabled = true) {
  return useQuery({
    queryKey: [...pointsQueryKey, 'goods'],
    queryFn: ({ signal }) =>
      boCall('GET', pointsBackofficePaths.goods, { schema: operatorPointGoodsListSchema, signal }),
    enabled,
  });
}

export function useSaveGoods() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: OperatorPointGoodsInput }) =>
      id === null
        ? boCall('POST', pointsBackofficePaths.goods, { schema: operatorPointGoodsSchema, body: input })
        : boCall('PUT', pointsBackofficePaths.goodsItem, {
            schema: operatorPointGoodsSchema,
            params: { id: String(id) },
            body: input,
          }),
    onSettled: () => client.invalidateQueries({ queryKey: [...pointsQueryKey, 'goods'] }),
  });
}

export function useDeleteGoods() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      boCall('DELETE', pointsBackofficePaths.goodsItem, { schema: contentDeletedSchema, params: { id: String(id) } }),
    onSettled: () => client.invalidateQueries({ queryKey: [...pointsQueryKey, 'goods'] }),
  });
}

export function useRedemptions(status: PointRedeemStatus | '', pageNo: number, enabled = true) {
  return useQuery({
    queryKey: [...pointsQueryKey, 'redemptions', status, pageNo],
    queryFn: ({ signal }) =>
      boCall('GET', pointsBackofficePaths.redemptions, {
        schema: operatorRedemptionPageSchema,
        query: { ...(status ? { status } : {}), pageNo, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDecideRedemption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, remark }: { id: number; action: 'approve' | 'reject'; remark: string }) =>
      boCall(
        'POST',
        action === 'approve' ? pointsBackofficePaths.redemptionApprove : pointsBackofficePaths.redemptionReject,
        { schema: operatorRedemptionSchema, params: { id: String(id) }, body: { remark } },
      ),
    // Stock changes with a rejection; the queue with either decision.
    onSettled: () => client.invalidateQueries({ queryKey: pointsQueryKey }),
  });
}

export function usePointSettings(enabled = true) {
  return useQuery({
    queryKey: [...pointsQueryKey, 'settings'],
    queryFn: ({ signal }) => boCall('GET', pointsBackofficePaths.settings, { schema: pointSettingsSchema, signal }),
    enabled,
  });
}

export function useSavePointSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PointSettingsInput) =>
      boCall('PUT', pointsBackofficePaths.settings, { schema: pointSettingsSchema, body: input }),
    onSuccess: (saved) => client.setQueryData([...pointsQueryKey, 'settings'], saved),
  });
}
