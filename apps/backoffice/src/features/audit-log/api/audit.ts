import {
  type AuditSort,
  auditChainStatusSchema,
  auditPageSchema,
  backofficePaths,
  type ListSort,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { boCall } from '@/lib/api-client';

export type AuditFilters = {
  operator: string;
  action: string;
  target: string;
  /** ISO 8601 or empty. */
  from: string;
  to: string;
};

export const emptyAuditFilters: AuditFilters = { operator: '', action: '', target: '', from: '', to: '' };

export const newestAuditFirst: ListSort<AuditSort> = { sort: 'at', order: 'desc' };

export function getAuditQueryOptions(
  filters: AuditFilters,
  page: number,
  pageSize: number,
  sorting: ListSort<AuditSort> = newestAuditFirst,
) {
  return queryOptions({
    queryKey: ['bo', 'audit', filters, page, pageSize, sorting],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.audit, {
        schema: auditPageSchema,
        query: { ...filters, ...sorting, page, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditPage(
  filters: AuditFilters,
  page: number,
  pageSize = 20,
  sorting: ListSort<AuditSort> = newestAuditFirst,
) {
  return useQuery(getAuditQueryOptions(filters, page, pageSize, sorting));
}

export function useAuditChain() {
  return useQuery({
    queryKey: ['bo', 'audit-chain'],
    queryFn: ({ signal }) => boCall('GET', backofficePaths.auditVerify, { schema: auditChainStatusSchema, signal }),
    staleTime: 0,
  });
}
