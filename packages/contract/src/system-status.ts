// Without zod, like `feature-tree.ts`: the player app's start-up gate needs the codes before its first render.

/** System status (spec section 4): 0 normal, 1 maintenance (takes priority), 2 region restricted. */
export const systemStatusCodes = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const;
export type SystemStatusCode = (typeof systemStatusCodes)[keyof typeof systemStatusCodes];
