/** Request headers every client sends (ARCHITECTURE.md section 3). */
export const requestHeaders = {
  merchant: 'merchant',
  language: 'language',
  device: 'device',
  authorization: 'authorization',
  idempotencyKey: 'idempotency-key',
  requestId: 'x-request-id',
} as const;

export const devices = ['WEB', 'H5', 'IOS', 'ANDROID'] as const;
export type Device = (typeof devices)[number];
