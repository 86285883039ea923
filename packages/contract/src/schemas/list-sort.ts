import { z } from 'zod';

/**
 * Server-side sorting of the back office's lists: every list call takes `sort` (one of the columns its schema
 * allows, never a raw column name) and `order`. The server adds the row id as the last key, so pages never
 * repeat or skip a row between two equal values.
 */
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** The `sort` and `order` fields of a list query, with the list's default column and direction. */
export function listSortShape<const Column extends string>(
  columns: readonly [Column, ...Column[]],
  defaults: { sort: NoInfer<Column>; order: SortOrder },
) {
  return {
    sort: z.enum(columns).default(defaults.sort),
    order: z.enum(sortOrders).default(defaults.order),
  };
}

/** A list's chosen sort, as the services and repositories receive it. */
export type ListSort<Column extends string> = { sort: Column; order: SortOrder };
