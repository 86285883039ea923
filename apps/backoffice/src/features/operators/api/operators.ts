import {
  backofficePaths,
  type CreateOperatorInput,
  type ListSort,
  type OperatorRole,
  type OperatorSort,
  operatorListSchema,
  operatorSchema,
  operatorWithPasswordSchema,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boCall } from '@/lib/api-client';

export const operatorsQueryKey = ['bo', 'operators'] as const;

export const oldestOperatorFirst: ListSort<OperatorSort> = { sort: 'id', order: 'asc' };

export function getOperatorsQueryOptions(sorting: ListSort<OperatorSort> = oldestOperatorFirst) {
  return queryOptions({
    queryKey: [...operatorsQueryKey, sorting],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.operators, { schema: operatorListSchema, query: sorting, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOperators(sorting: ListSort<OperatorSort> = oldestOperatorFirst) {
  return useQuery(getOperatorsQueryOptions(sorting));
}

function useRefreshOperators() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: operatorsQueryKey });
}

export function useCreateOperator() {
  const refresh = useRefreshOperators();
  return useMutation({
    mutationFn: (input: CreateOperatorInput) =>
      boCall('POST', backofficePaths.operators, { schema: operatorWithPasswordSchema, body: input }),
    onSuccess: refresh,
  });
}

export function useChangeRole() {
  const refresh = useRefreshOperators();
  return useMutation({
    mutationFn: (input: { id: number; role: OperatorRole }) =>
      boCall('PATCH', backofficePaths.operator, {
        schema: operatorSchema,
        params: { id: input.id },
        body: { role: input.role },
      }),
    onSuccess: refresh,
  });
}

export type OperatorAction = 'disable' | 'enable' | 'resetTotp';

const actionPaths: Record<OperatorAction, string> = {
  disable: backofficePaths.operatorDisable,
  enable: backofficePaths.operatorEnable,
  resetTotp: backofficePaths.operatorResetTotp,
};

export function useOperatorAction() {
  const refresh = useRefreshOperators();
  return useMutation({
    mutationFn: (input: { id: number; action: OperatorAction }) =>
      boCall('POST', actionPaths[input.action], { schema: operatorSchema, params: { id: input.id } }),
    onSuccess: refresh,
  });
}

export function useResetPassword() {
  const refresh = useRefreshOperators();
  return useMutation({
    mutationFn: (id: number) =>
      boCall('POST', backofficePaths.operatorResetPassword, { schema: operatorWithPasswordSchema, params: { id } }),
    onSuccess: refresh,
  });
}
