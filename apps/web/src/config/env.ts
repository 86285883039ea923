import type { Device } from '@portal/contract';

const configuredMerchant = import.meta.env.VITE_MERCHANT_CODE?.trim();

/**
 * Build-time settings of the player web app. `import.meta.env` is read here only, so the rest of
 * the app gets typed values and a missing variable has one obvious default.
 */
export const env = {
  /** Merchant code used until the permission response tells us the site's own code. */
  defaultMerchantCode: configuredMerchant ? configuredMerchant : null,
  /** The platform this client reports in the `Device` header (spec section 9: platform WEB). */
  device: 'WEB' satisfies Device,
  /** Requests slower than this are aborted and reported as a slow connection (spec section 8). */
  requestTimeoutMs: 30_000,
} as const;
