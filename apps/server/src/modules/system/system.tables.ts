import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** One row per merchant (site): currency, languages, CDNs, maintenance and region rules. */
export const systemMerchants = pgTable('system_merchants', {
  code: varchar('code', { length: 20 }).primaryKey(),
  name: text('name').notNull(),
  currencyCode: varchar('currency_code', { length: 3 }).notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  currencyScale: smallint('currency_scale').notNull(),
  defaultLanguage: varchar('default_language', { length: 8 }).notNull(),
  languages: jsonb('languages').$type<string[]>().notNull(),
  mainDomain: text('main_domain').notNull(),
  analyticsGtagId: text('analytics_gtag_id'),
  imageCdns: jsonb('image_cdns').$type<string[]>().notNull(),
  launchGameCdns: jsonb('launch_game_cdns').$type<string[]>().notNull(),
  countryDialingCodes: jsonb('country_dialing_codes').$type<{ code: string; country: string }[]>().notNull(),
  maintenanceEnabled: boolean('maintenance_enabled').notNull().default(false),
  maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
  /** ISO 3166-1 alpha-2 countries whose visitors see the access-restricted view. */
  blockedCountries: jsonb('blocked_countries').$type<string[]>().notNull(),
  /** Single addresses or CIDR ranges that are blocked regardless of country. */
  blockedIpRanges: jsonb('blocked_ip_ranges').$type<string[]>().notNull(),
  payloadEncryptionEnabled: boolean('payload_encryption_enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The whitelabel feature tree, one row per node; parent null for roots. */
export const systemFeatures = pgTable(
  'system_features',
  {
    merchantCode: varchar('merchant_code', { length: 20 })
      .notNull()
      .references(() => systemMerchants.code),
    modId: varchar('mod_id', { length: 40 }).notNull(),
    parentModId: varchar('parent_mod_id', { length: 40 }),
    enabled: boolean('enabled').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.modId] })],
);

/** Registration field rules (spec section 3 "Registration field config"). */
export const systemRegisterFields = pgTable(
  'system_register_fields',
  {
    merchantCode: varchar('merchant_code', { length: 20 })
      .notNull()
      .references(() => systemMerchants.code),
    field: varchar('field', { length: 40 }).notNull(),
    enabled: boolean('enabled').notNull(),
    required: boolean('required').notNull(),
    patternId: varchar('pattern_id', { length: 40 }).notNull(),
    acceptedPattern: text('accepted_pattern').notNull(),
    minLength: integer('min_length').notNull(),
    maxLength: integer('max_length').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantCode, table.field] })],
);

export const systemCustomerService = pgTable('system_customer_service', {
  id: serial('id').primaryKey(),
  merchantCode: varchar('merchant_code', { length: 20 })
    .notNull()
    .references(() => systemMerchants.code),
  csType: varchar('cs_type', { length: 20 }).notNull(),
  title: text('title').notNull(),
  url: text('url').notNull(),
  sortOrder: integer('sort_order').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

export const systemResources = pgTable('system_resources', {
  id: serial('id').primaryKey(),
  merchantCode: varchar('merchant_code', { length: 20 })
    .notNull()
    .references(() => systemMerchants.code),
  resourceType: varchar('resource_type', { length: 40 }).notNull(),
  labelNameEn: text('label_name_en').notNull(),
  url: text('url').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const systemDomainRoutes = pgTable('system_domain_routes', {
  id: serial('id').primaryKey(),
  merchantCode: varchar('merchant_code', { length: 20 })
    .notNull()
    .references(() => systemMerchants.code),
  domain: text('domain').notNull(),
  purpose: varchar('purpose', { length: 10 }).notNull(),
  sortOrder: integer('sort_order').notNull(),
});

/** Help centre articles; `translations` holds per-language category title, title and sanitised HTML. */
export const systemHelpArticles = pgTable(
  'system_help_articles',
  {
    id: serial('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 })
      .notNull()
      .references(() => systemMerchants.code),
    category: varchar('category', { length: 40 }).notNull(),
    categorySort: integer('category_sort').notNull(),
    anchor: varchar('anchor', { length: 60 }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    translations: jsonb('translations')
      .$type<Record<string, { categoryTitle: string; title: string; content: string }>>()
      .notNull(),
  },
  (table) => [uniqueIndex('system_help_articles_anchor_uq').on(table.merchantCode, table.anchor)],
);

/** Key material generated once and shared by every server instance (the payload encryption key pair). */
export const systemKeys = pgTable('system_keys', {
  name: varchar('name', { length: 40 }).primaryKey(),
  publicPem: text('public_pem').notNull(),
  privatePem: text('private_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** Messages the built-in SMS and e-mail providers "sent": what a phone or inbox would have received. */
export const systemOutbox = pgTable('system_outbox', {
  id: serial('id').primaryKey(),
  merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
  channel: varchar('channel', { length: 10 }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
