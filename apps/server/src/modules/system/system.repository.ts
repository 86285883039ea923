import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import {
  systemCustomerService,
  systemDomainRoutes,
  systemFeatures,
  systemHelpArticles,
  systemKeys,
  systemMerchants,
  systemOutbox,
  systemRegisterFields,
  systemResources,
} from './system.tables';

export type MerchantRow = typeof systemMerchants.$inferSelect;
export type FeatureRow = typeof systemFeatures.$inferSelect;
export type RegisterFieldRow = typeof systemRegisterFields.$inferSelect;
export type CustomerServiceRow = typeof systemCustomerService.$inferSelect;
export type ResourceRow = typeof systemResources.$inferSelect;
export type DomainRouteRow = typeof systemDomainRoutes.$inferSelect;
export type HelpArticleRow = typeof systemHelpArticles.$inferSelect;

/** Everything the permission response is built from, read in one go. */
export type MerchantConfigRows = {
  merchant: MerchantRow;
  features: FeatureRow[];
  registerFields: RegisterFieldRow[];
  customerService: CustomerServiceRow[];
  resources: ResourceRow[];
  domainRoutes: DomainRouteRow[];
  helpArticles: HelpArticleRow[];
};

export async function findMerchantConfig(db: DbOrTx, merchantCode: string): Promise<MerchantConfigRows | null> {
  const [merchant] = await db.select().from(systemMerchants).where(eq(systemMerchants.code, merchantCode));
  if (!merchant) return null;
  const [features, registerFields, customerService, resources, domainRoutes, helpArticles] = await Promise.all([
    db
      .select()
      .from(systemFeatures)
      .where(eq(systemFeatures.merchantCode, merchantCode))
      .orderBy(asc(systemFeatures.sortOrder)),
    db
      .select()
      .from(systemRegisterFields)
      .where(eq(systemRegisterFields.merchantCode, merchantCode))
      .orderBy(asc(systemRegisterFields.sortOrder)),
    db
      .select()
      .from(systemCustomerService)
      .where(and(eq(systemCustomerService.merchantCode, merchantCode), eq(systemCustomerService.enabled, true)))
      .orderBy(asc(systemCustomerService.sortOrder), asc(systemCustomerService.id)),
    db
      .select()
      .from(systemResources)
      .where(eq(systemResources.merchantCode, merchantCode))
      .orderBy(asc(systemResources.sortOrder), asc(systemResources.id)),
    db
      .select()
      .from(systemDomainRoutes)
      .where(eq(systemDomainRoutes.merchantCode, merchantCode))
      .orderBy(asc(systemDomainRoutes.sortOrder)),
    db
      .select()
      .from(systemHelpArticles)
      .where(and(eq(systemHelpArticles.merchantCode, merchantCode), eq(systemHelpArticles.enabled, true)))
      .orderBy(asc(systemHelpArticles.categorySort), asc(systemHelpArticles.sortOrder)),
  ]);
  return { merchant, features, registerFields, customerService, resources, domainRoutes, helpArticles };
}

export async function updateMerchant(
  db: DbOrTx,
  merchantCode: string,
  changes: Partial<Omit<MerchantRow, 'code' | 'updatedAt'>>,
): Promise<boolean> {
  const rows = await db
    .update(systemMerchants)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(systemMerchants.code, merchantCode))
    .returning({ code: systemMerchants.code });
  return rows.length > 0;
}

export async function updateFeatureEnabled(
  db: DbOrTx,
  merchantCode: string,
  modId: string,
  enabled: boolean,
): Promise<boolean> {
  const rows = await db
    .update(systemFeatures)
    .set({ enabled })
    .where(and(eq(systemFeatures.merchantCode, merchantCode), eq(systemFeatures.modId, modId)))
    .returning({ modId: systemFeatures.modId });
  return rows.length > 0;
}

export async function findKeyPair(db: DbOrTx, name: string) {
  const [row] = await db.select().from(systemKeys).where(eq(systemKeys.name, name));
  return row ?? null;
}

/** Inserts a key pair unless another instance already did; the caller re-reads the winner. */
export async function insertKeyPairIfAbsent(
  db: DbOrTx,
  name: string,
  publicPem: string,
  privatePem: string,
): Promise<void> {
  await db.insert(systemKeys).values({ name, publicPem, privatePem }).onConflictDoNothing();
}

export type OutboxRow = typeof systemOutbox.$inferSelect;

export async function insertOutboxMessage(
  db: DbOrTx,
  message: { merchantCode: string; channel: 'SMS' | 'EMAIL'; recipient: string; subject: string | null; body: string },
): Promise<OutboxRow> {
  const [row] = await db.insert(systemOutbox).values(message).returning();
  if (!row) throw new Error('outbox insert returned no row');
  return row;
}

export async function listOutbox(
  db: DbOrTx,
  filter: { merchantCode: string; channel?: 'SMS' | 'EMAIL'; recipient?: string; limit: number },
): Promise<OutboxRow[]> {
  const conditions = [eq(systemOutbox.merchantCode, filter.merchantCode)];
  if (filter.channel) conditions.push(eq(systemOutbox.channel, filter.channel));
  if (filter.recipient) conditions.push(eq(systemOutbox.recipient, filter.recipient));
  return db
    .select()
    .from(systemOutbox)
    .where(and(...conditions))
    .orderBy(desc(systemOutbox.id))
    .limit(filter.limit);
}

/** Operator view: every customer-service entry, switched-off ones included. */
export async function listAllCustomerService(db: DbOrTx, merchantCode: string): Promise<CustomerServiceRow[]> {
  return db
    .select()
    .from(systemCustomerService)
    .where(eq(systemCustomerService.merchantCode, merchantCode))
    .orderBy(asc(systemCustomerService.sortOrder), asc(systemCustomerService.id));
}

/** Replaces the merchant's customer-service entries; call it inside a transaction. */
export async function replaceCustomerService(
  db: DbOrTx,
  merchantCode: string,
  entries: { csType: string; title: string; url: string; sortOrder: number; enabled: boolean }[],
): Promise<void> {
  await db.delete(systemCustomerService).where(eq(systemCustomerService.merchantCode, merchantCode));
  if (entries.length > 0)
    await db.insert(systemCustomerService).values(entries.map((entry) => ({ ...entry, merchantCode })));
}

/** Replaces the merchant's resources (app downloads, community links); call it inside a transaction. */
export async function replaceResources(
  db: DbOrTx,
  merchantCode: string,
  entries: { resourceType: string; labelNameEn: string; url: string; sortOrder: number }[],
): Promise<void> {
  await db.delete(systemResources).where(eq(systemResources.merchantCode, merchantCode));
  if (entries.length > 0) await db.insert(systemResources).values(entries.map((entry) => ({ ...entry, merchantCode })));
}

/** Writes one registration field rule, adding the field (at the end) when the merchant has no row for it yet. */
export async function upsertRegisterField(
  db: DbOrTx,
  merchantCode: string,
  rule: Omit<RegisterFieldRow, 'merchantCode'>,
): Promise<void> {
  const { field, sortOrder, ...changes } = rule;
  await db
    .insert(systemRegisterFields)
    .values({ merchantCode, field, sortOrder, ...changes })
    .onConflictDoUpdate({ target: [systemRegisterFields.merchantCode, systemRegisterFields.field], set: changes });
}

// ------------------------------------------------------------------------------------------ help centre (operators)

export type NewHelpArticleRow = typeof systemHelpArticles.$inferInsert;

/** Every help article of the merchant, switched-off ones included, in the order players see them. */
export async function listAllHelpArticles(db: DbOrTx, merchantCode: string): Promise<HelpArticleRow[]> {
  return db
    .select()
    .from(systemHelpArticles)
    .where(eq(systemHelpArticles.merchantCode, merchantCode))
    .orderBy(asc(systemHelpArticles.categorySort), asc(systemHelpArticles.sortOrder), asc(systemHelpArticles.id));
}

export async function findHelpArticle(db: DbOrTx, merchantCode: string, id: number): Promise<HelpArticleRow | null> {
  const [row] = await db
    .select()
    .from(systemHelpArticles)
    .where(and(eq(systemHelpArticles.merchantCode, merchantCode), eq(systemHelpArticles.id, id)));
  return row ?? null;
}

/** Inserts a help article; a taken anchor inserts nothing and answers null. */
export async function insertHelpArticle(db: DbOrTx, row: NewHelpArticleRow): Promise<HelpArticleRow | null> {
  const [inserted] = await db.insert(systemHelpArticles).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateHelpArticle(
  db: DbOrTx,
  merchantCode: string,
  id: number,
  values: Partial<Omit<NewHelpArticleRow, 'id' | 'merchantCode'>>,
): Promise<HelpArticleRow | null> {
  const [row] = await db
    .update(systemHelpArticles)
    .set(values)
    .where(and(eq(systemHelpArticles.merchantCode, merchantCode), eq(systemHelpArticles.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteHelpArticle(db: DbOrTx, merchantCode: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(systemHelpArticles)
    .where(and(eq(systemHelpArticles.merchantCode, merchantCode), eq(systemHelpArticles.id, id)))
    .returning({ id: systemHelpArticles.id });
  return rows.length > 0;
}

/** Deletes every article of a category; answers how many there were. */
export async function deleteHelpCategory(db: DbOrTx, merchantCode: string, category: string): Promise<number> {
  const rows = await db
    .delete(systemHelpArticles)
    .where(and(eq(systemHelpArticles.merchantCode, merchantCode), eq(systemHelpArticles.category, category)))
    .returning({ id: systemHelpArticles.id });
  return rows.length;
}
