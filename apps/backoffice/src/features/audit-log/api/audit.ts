import { auditChainStatusSchema, auditPageSchema, backofficePaths } from '@portal/contract';
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

export function getAuditQueryOptions(filters: AuditFilters, page: number, pageSize: number) {
  return queryOptions({
    queryKey: ['bo', 'audit', filters, page, pageSize],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.audit, {
        schema: auditPageSchema,
        query: { ...filters, page, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditPage(filters: AuditFilters, page: number, pageSize = 20) {
  return useQuery(getAuditQueryOptions(filters, page, pageSize));
}

export function useAuditChain() {
  return useQuery({
    queryKey: ['bo', 'audit-chain'],
    queryFn: ({ signal }) => boCall('GET', backofficePaths.auditVerify, { schema: auditChainStatusSchema, signal }),
    staleTime: 0,
  });
}
