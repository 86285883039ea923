import {
  backofficePaths,
  depositChannelConfigListSchema,
  depositChannelConfigSchema,
  type UpdateDepositChannelInput,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boCall } from '@/lib/api-client';

export const depositChannelsQueryKey = ['bo', 'cashier', 'deposit-channels'] as const;

export function useDepositChannels() {
  return useQuery({
    queryKey: depositChannelsQueryKey,
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.cashierDepositChannels, { schema: depositChannelConfigListSchema, signal }),
  });
}

export function useUpdateDepositChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, input }: { code: string; input: UpdateDepositChannelInput }) =>
      boCall('PUT', backofficePaths.cashierDepositChannel, {
        schema: depositChannelConfigSchema,
        params: { code },
        body: input,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: depositChannelsQueryKey }),
  });
}
