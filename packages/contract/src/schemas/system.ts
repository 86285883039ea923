import { z } from 'zod';
import { featureNodeSchema } from '../features';
import { knownLanguages } from '../languages';

import type { SystemStatusCode } from '../system-status';

export { type SystemStatusCode, systemStatusCodes } from '../system-status';
export const systemStatusCodeSchema: z.ZodType<SystemStatusCode> = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const locationSchema = z.object({
  ip: z.string(),
  /** ISO 3166-1 alpha-2 country of the client IP, null when unknown (private or unlisted address). */
  country: z.string().nullable(),
});

export const systemStatusSchema = z.object({
  status: systemStatusCodeSchema,
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  /** ISO 8601 end of the maintenance window when the operator gave one. */
  maintenanceEnd: z.string().nullable(),
  location: locationSchema,
  serverTime: z.string(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const customerServiceTypes = [
  'LIVECHAT',
  'FACEBOOK',
  'TELEGRAM',
  'WHATSAPP',
  'EMAIL',
  'PHONE',
  'ZALO',
  'LINE',
] as const;
export const customerServiceEntrySchema = z.object({
  csType: z.enum(customerServiceTypes),
  title: z.string(),
  url: z.string(),
  sort: z.number().int(),
});
export type CustomerServiceEntry = z.infer<typeof customerServiceEntrySchema>;

export const resourceEntrySchema = z.object({
  /** Key such as Android, IOS, TELEGRAM, WHATSAPP, LITE_APP, LICENCE. */
  resourceType: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
});
export type ResourceEntry = z.infer<typeof resourceEntrySchema>;

export const domainRouteSchema = z.object({
  mainDomain: z.string(),
  routes: z.array(
    z.object({ domain: z.string(), purpose: z.enum(['PLAYER', 'AGENT', 'MOBILE', 'BACKUP']), sort: z.number().int() }),
  ),
});
export type DomainRoute = z.infer<typeof domainRouteSchema>;

export const currencySchema = z.object({
  code: z.string().length(3),
  symbol: z.string(),
  /** Number of minor-unit digits (2 means amounts are stored in hundredths). */
  scale: z.number().int().min(0).max(8),
});

export const payloadEncryptionSchema = z.object({
  enabled: z.boolean(),
  /** RSA-OAEP-256 public key in SPKI PEM; the client wraps a fresh AES-GCM key with it. */
  publicKey: z.string().nullable(),
});

export const languageCodeSchema = z.enum(knownLanguages);

/** `value.info` of the permission response (spec section 3). */
export const permissionInfoSchema = z.object({
  merchantCode: z.string(),
  /** Display name of the site (header wordmark, titles, copyright). */
  siteName: z.string(),
  currency: currencySchema,
  defaultLanguage: languageCodeSchema,
  languages: z.array(languageCodeSchema),
  customerService: z.array(customerServiceEntrySchema),
  domainRoute: domainRouteSchema,
  resources: z.array(resourceEntrySchema),
  whitelabel: z.array(featureNodeSchema),
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  payloadEncryption: payloadEncryptionSchema,
});
export type PermissionInfo = z.infer<typeof permissionInfoSchema>;

/** The permission response: `value` of `/wps/system/whitelabel`. */
export const permissionResponseSchema = z.object({
  info: permissionInfoSchema,
  location: locationSchema,
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  maintenanceEnd: z.string().nullable(),
});
export type PermissionResponse = z.infer<typeof permissionResponseSchema>;

export const helpCenterQuerySchema = z.object({
  lang: z.string().max(8).optional(),
  device: z.enum(['WEB', 'H5']).default('WEB'),
});
export const helpArticleSchema = z.object({
  id: z.string(),
  anchor: z.string(),
  title: z.string(),
  content: z.string(),
});
export const helpCenterSchema = z.object({
  categories: z.array(z.object({ id: z.string(), title: z.string(), articles: z.array(helpArticleSchema) })),
});
export type HelpCenter = z.infer<typeof helpCenterSchema>;
