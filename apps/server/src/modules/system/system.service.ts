import { createPublicKey } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import {
  acceptedPatternFor,
  type CustomerServiceEntry,
  customerServiceTypes,
  type DomainRoute,
  enabledFeatures,
  type FeatureNode,
  type HelpArticleInput,
  type HelpCategoryTitles,
  type HelpCenter,
  type HelpOrderInput,
  helpArticleInputSchema,
  type OperatorHelpArticle,
  type OperatorHelpCenter,
  type PatternId,
  type PermissionInfo,
  type RegisterSettings,
  type RegistrationFieldName,
  type RegistrationFieldRule,
  resolveLanguage,
  type SystemStatus,
  systemStatusCodes,
  type ValidationIssue,
} from '@portal/contract';
import { generatePayloadKeyPair, isEncryptedPayload, PayloadDecryptor } from '../../platform/crypto/payload-crypto';
import type { Db, DbOrTx } from '../../platform/db';
import type { CountryResolver } from '../../platform/geo/geo.types';
import { sanitizeOperatorHtml } from '../../platform/html/sanitize';
import { AppError } from '../../platform/http/app-error';
import type { PubSub } from '../../platform/kv/kv.types';
import * as repo from './system.repository';

const configChangedChannel = 'system:config-changed';
const payloadKeyName = 'payload-rsa';

/** The merchant configuration as served, built once per change rather than per request. */
type Snapshot = {
  loadedAt: number;
  merchant: repo.MerchantRow;
  enabled: Set<string>;
  /** `value.info` of the permission response, serialised once. */
  infoJson: string;
  registerSettings: RegisterSettings;
  domainRoute: DomainRoute;
  helpByLanguage: Map<string, HelpCenter>;
  helpArticles: repo.HelpArticleRow[];
  blockedCountries: Set<string>;
  blockedRanges: BlockList;
  /** What this snapshot says about each client address seen, so hot routes skip the range and country lookups. */
  clients: Map<string, ClientView>;
};

/** A client address as the status and permission answers show it, and whether the region rules block it. */
type ClientView = {
  location: { ip: string; country: string | null };
  locationJson: string;
  restricted: boolean;
  /** This client's last permission response and the maintenance state it was made for: the same string is handed
   * out again while that state holds, so nothing is concatenated per request and the string's hash is reused by
   * the compression cache downstream. */
  permission?: { maintenanceEnd: string | null | false; json: string };
  /** This client's status answer up to its `serverTime` value, for the same maintenance state (see `statusJson`). */
  status?: { maintenanceEnd: string | null | false; prefix: string };
};

/** Distinct client addresses remembered per snapshot; the map starts over when full (and on every reload). */
const clientViewLimit = 10_000;

export type SystemServiceDeps = {
  db: Db;
  merchantCode: string;
  countryResolver: CountryResolver;
  pubsub: PubSub;
  cacheTtlMs: number;
  /** PEM private key from configuration; when absent one key pair is generated and shared through the database. */
  payloadPrivateKey?: string;
  now?: () => Date;
};

function buildTree(rows: repo.FeatureRow[]): FeatureNode[] {
  const nodes = new Map<string, FeatureNode>(
    rows.map((row) => [row.modId, { modId: row.modId, enabled: row.enabled, childrenNodes: [] }]),
  );
  const roots: FeatureNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.modId) as FeatureNode;
    const parent = row.parentModId ? nodes.get(row.parentModId) : undefined;
    if (parent) parent.childrenNodes.push(node);
    else roots.push(node);
  }
  return roots;
}

function toBlockList(ranges: string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address)) continue;
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

/** Strips the IPv4-mapped IPv6 prefix that dual-stack sockets report (::ffff:1.2.3.4). */
function normaliseIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/**
 * The system module: merchant configuration, the whitelabel feature tree, system status
 * (maintenance, region restriction) and the permission response every client loads first.
 */
export function createSystemService(deps: SystemServiceDeps) {
  const now = deps.now ?? (() => new Date());
  let snapshot: Promise<Snapshot> | null = null;
  /** The snapshot `snapshot` resolved to, once it has (see `loadedNow`). */
  let loaded: { from: Promise<Snapshot>; value: Snapshot } | null = null;
  let payload: { publicKeyPem: string; decryptor: PayloadDecryptor } | null = null;

  async function load(): Promise<Snapshot> {
    const rows = await repo.findMerchantConfig(deps.db, deps.merchantCode);
    if (!rows) throw new Error(`merchant ${deps.merchantCode} is not configured (the seed did not run)`);
    const { merchant } = rows;
    const tree = buildTree(rows.features);
    const enabled = enabledFeatures(tree);
    // The public key travels only while payload encryption is on: 0.5 KB of every permission response otherwise,
    // and a fresh database's first load need not wait for the key pair (made in the background by start()).
    const keys = merchant.payloadEncryptionEnabled ? await ensurePayloadKeys() : null;
    const domainRoute: DomainRoute = {
      mainDomain: merchant.mainDomain,
      routes: rows.domainRoutes.map((route) => ({
        domain: route.domain,
        purpose: route.purpose as DomainRoute['routes'][number]['purpose'],
        sort: route.sortOrder,
      })),
    };
    const customerService: CustomerServiceEntry[] = rows.customerService
      .filter((entry) => (customerServiceTypes as readonly string[]).includes(entry.csType))
      .map((entry) => ({
        csType: entry.csType as CustomerServiceEntry['csType'],
        title: entry.title,
        url: entry.url,
        sort: entry.sortOrder,
      }));
    const info: PermissionInfo = {
      merchantCode: merchant.code,
      siteName: merchant.name,
      currency: { code: merchant.currencyCode, symbol: merchant.currencySymbol, scale: merchant.currencyScale },
      defaultLanguage: merchant.defaultLanguage as PermissionInfo['defaultLanguage'],
      languages: merchant.languages as PermissionInfo['languages'],
      customerService,
      domainRoute,
      resources: rows.resources.map((resource) => ({
        resourceType: resource.resourceType,
        labelNameEn: resource.labelNameEn,
        url: resource.url,
      })),
      whitelabel: tree,
      mainDomain: merchant.mainDomain,
      analytics: { gtagId: merchant.analyticsGtagId },
      imageCDNs: merchant.imageCdns,
      launchGameCDNs: merchant.launchGameCdns,
      payloadEncryption: { enabled: merchant.payloadEncryptionEnabled, publicKey: keys?.publicKeyPem ?? null },
    };
    const fields: Partial<Record<RegistrationFieldName, RegistrationFieldRule>> = {};
    for (const row of rows.registerFields) {
      fields[row.field as RegistrationFieldName] = {
        enabled: row.enabled,
        required: row.required,
        patternId: row.patternId as PatternId,
        acceptedPattern: row.acceptedPattern,
        minLength: row.minLength,
        maxLength: row.maxLength,
      };
    }
    const mobileRegistration = enabled.has('MOBILENUMREG3');
    const registerSettings: RegisterSettings = {
      usernameRegistration: enabled.has('USERNAMEREG3'),
      mobileRegistration,
      smsVerification: enabled.has('REGMOBVERF3'),
      mobileWithPassword: enabled.has('MOBILENUMPASSREG3'),
      defaultMethod: mobileRegistration ? 'mobile' : 'username',
      countryDialingCodes: merchant.countryDialingCodes,
      fields,
    };
    return {
      loadedAt: Date.now(),
      merchant,
      enabled,
      infoJson: JSON.stringify(info),
      registerSettings,
      domainRoute,
      helpByLanguage: new Map(),
      helpArticles: rows.helpArticles,
      blockedCountries: new Set(merchant.blockedCountries.map((country) => country.toUpperCase())),
      blockedRanges: toBlockList(merchant.blockedIpRanges),
      clients: new Map(),
    };
  }

  /** The payload key pair, loaded (or on a fresh database generated) once; concurrent callers share the work. */
  let payloadLoading: Promise<{ publicKeyPem: string; decryptor: PayloadDecryptor }> | null = null;
  function ensurePayloadKeys() {
    if (payload) return Promise.resolve(payload);
    if (!payloadLoading) {
      const loading = loadPayloadKeys();
      payloadLoading = loading;
      loading.catch(() => {
        if (payloadLoading === loading) payloadLoading = null;
      });
    }
    return payloadLoading;
  }

  async function loadPayloadKeys() {
    if (payload) return payload;
    let pair: { publicKeyPem: string; privateKeyPem: string };
    if (deps.payloadPrivateKey) {
      const publicKeyPem = createPublicKey(deps.payloadPrivateKey).export({ type: 'spki', format: 'pem' }).toString();
      pair = { publicKeyPem, privateKeyPem: deps.payloadPrivateKey };
    } else {
      let row = await repo.findKeyPair(deps.db, payloadKeyName);
      if (!row) {
        const generated = await generatePayloadKeyPair();
        await repo.insertKeyPairIfAbsent(deps.db, payloadKeyName, generated.publicKeyPem, generated.privateKeyPem);
        row = await repo.findKeyPair(deps.db, payloadKeyName);
      }
      if (!row) throw new Error('payload key pair could not be stored');
      pair = { publicKeyPem: row.publicPem, privateKeyPem: row.privatePem };
    }
    payload = { publicKeyPem: pair.publicKeyPem, decryptor: new PayloadDecryptor(pair.privateKeyPem) };
    return payload;
  }

  function reload(): Promise<Snapshot> {
    const pending = load();
    snapshot = pending;
    // A failed load is not cached: the next request tries again.
    pending.then(
      (value) => {
        if (snapshot === pending) loaded = { from: pending, value };
      },
      () => {
        if (snapshot === pending) snapshot = null;
      },
    );
    return pending;
  }

  /**
   * The current snapshot when it is loaded and within its TTL, else null (a load is due or under way, or a change
   * dropped it): what `current` would resolve to without waiting, for the checks every call pays for.
   */
  function loadedNow(): Snapshot | null {
    if (!loaded || loaded.from !== snapshot || Date.now() - loaded.value.loadedAt > deps.cacheTtlMs) return null;
    return loaded.value;
  }

  /** The current snapshot; rebuilt after the TTL or when any instance announces a change. */
  async function current(): Promise<Snapshot> {
    const pending = snapshot ?? reload();
    const value = await pending;
    if (Date.now() - value.loadedAt <= deps.cacheTtlMs) return value;
    return snapshot === pending ? reload() : (snapshot ?? reload());
  }

  function isMaintenance(merchant: repo.MerchantRow): boolean {
    return merchant.maintenanceEnabled && (merchant.maintenanceEnd === null || merchant.maintenanceEnd > now());
  }

  function clientView(state: Snapshot, ip: string): ClientView {
    const known = state.clients.get(ip);
    if (known) return known;
    const address = normaliseIp(ip);
    const country = deps.countryResolver.country(address);
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    const restricted =
      (isIP(address) !== 0 && state.blockedRanges.check(address, family)) ||
      (country !== null && state.blockedCountries.has(country));
    const location = { ip: address, country };
    const view = { location, locationJson: JSON.stringify(location), restricted };
    if (state.clients.size >= clientViewLimit) state.clients.clear();
    state.clients.set(ip, view);
    return view;
  }

  /** The current time as an ISO string, formatted at most once per millisecond (the status poll asks for it). */
  let clock = { ms: Number.NaN, iso: '' };
  function isoNow(): string {
    const ms = deps.now ? deps.now().getTime() : Date.now();
    if (ms !== clock.ms) clock = { ms, iso: new Date(ms).toISOString() };
    return clock.iso;
  }

  function isRestricted(state: Snapshot, ip: string): boolean {
    return clientView(state, ip).restricted;
  }

  function accessOf(state: Snapshot, ip: string): 'normal' | 'maintenance' | 'restricted' {
    if (isMaintenance(state.merchant)) return 'maintenance';
    return isRestricted(state, ip) ? 'restricted' : 'normal';
  }

  async function invalidate(): Promise<void> {
    snapshot = null;
    await deps.pubsub.publish(configChangedChannel, deps.merchantCode);
  }

  return {
    /** Starts listening for configuration changes made by other instances, and warms the cache. */
    async start(): Promise<() => Promise<void>> {
      const unsubscribe = await deps.pubsub.subscribe(configChangedChannel, (merchantCode) => {
        if (merchantCode === deps.merchantCode) snapshot = null;
      });
      // Warmed in the background: on a fresh database the first load generates the payload key pair (an RSA key,
      // from tens of ms to over a second on the thread pool), which the rest of the start need not wait for. The
      // first request that needs the configuration waits for the same load; a failed load is retried by the next.
      current().catch(() => {});
      // The key pair is also made ahead while encryption is off, so switching it on, or a first E call, finds it.
      ensurePayloadKeys().catch(() => {});
      return unsubscribe;
    },

    /** Spec section 4: 1 maintenance takes priority over 2 region restricted. */
    async status(ip: string): Promise<SystemStatus> {
      const state = await current();
      const maintenance = isMaintenance(state.merchant);
      const client = clientView(state, ip);
      const regionRestriction = client.restricted;
      return {
        status: maintenance
          ? systemStatusCodes.MAINTENANCE
          : regionRestriction
            ? systemStatusCodes.REGION_RESTRICTED
            : systemStatusCodes.NORMAL,
        maintenance,
        regionRestriction,
        maintenanceEnd: maintenance ? (state.merchant.maintenanceEnd?.toISOString() ?? null) : null,
        location: client.location,
        serverTime: now().toISOString(),
      };
    },

    /**
     * The whole `/wps/system/status` answer (envelope included) as a JSON string: everything but `serverTime` is
     * kept per client and maintenance state, so a poll costs a string concatenation rather than building and
     * serialising an object. Same content as `ok(await status(ip))`.
     */
    async statusJson(ip: string): Promise<string> {
      const state = await current();
      const maintenance = isMaintenance(state.merchant);
      const client = clientView(state, ip);
      const maintenanceEnd = maintenance ? (state.merchant.maintenanceEnd?.toISOString() ?? null) : null;
      const made = maintenance ? maintenanceEnd : false;
      if (!client.status || client.status.maintenanceEnd !== made) {
        const status = maintenance
          ? systemStatusCodes.MAINTENANCE
          : client.restricted
            ? systemStatusCodes.REGION_RESTRICTED
            : systemStatusCodes.NORMAL;
        const prefix = `{"success":true,"value":{"status":${status},"maintenance":${maintenance},"regionRestriction":${client.restricted},"maintenanceEnd":${JSON.stringify(maintenanceEnd)},"location":${client.locationJson},"serverTime":"`;
        client.status = { maintenanceEnd: made, prefix };
      }
      return `${client.status.prefix}${isoNow()}"}}`;
    },

    /**
     * The permission response as a JSON string: the cached `info` spliced with this client's
     * location and status, so nothing large is rebuilt or re-serialised per request.
     */
    async permissionResponseJson(ip: string): Promise<string> {
      const state = await current();
      const maintenance = isMaintenance(state.merchant);
      const client = clientView(state, ip);
      const maintenanceEnd = maintenance ? (state.merchant.maintenanceEnd?.toISOString() ?? null) : null;
      // `false` stands for "not in maintenance", apart from "in maintenance with no end time" (null).
      const made = maintenance ? maintenanceEnd : false;
      if (client.permission && client.permission.maintenanceEnd === made) return client.permission.json;
      const json = `{"success":true,"value":{"info":${state.infoJson},"location":${client.locationJson},"maintenance":${maintenance},"regionRestriction":${client.restricted},"maintenanceEnd":${JSON.stringify(maintenanceEnd)}}}`;
      client.permission = { maintenanceEnd: made, json };
      return json;
    },

    async accessState(ip: string): Promise<'normal' | 'maintenance' | 'restricted'> {
      return accessOf(await current(), ip);
    },

    /** `accessState` without a promise, from the loaded configuration; undefined while it is not loaded. */
    accessStateNow(ip: string): 'normal' | 'maintenance' | 'restricted' | undefined {
      const state = loadedNow();
      return state ? accessOf(state, ip) : undefined;
    },

    /** The site's default language (the app's language when the visitor has chosen none). */
    async defaultLanguage(): Promise<string> {
      return (await current()).merchant.defaultLanguage;
    },

    async isModuleEnabled(moduleId: string): Promise<boolean> {
      return (await current()).enabled.has(moduleId);
    },

    /** `isModuleEnabled` without a promise, from the loaded configuration; undefined while it is not loaded. */
    isModuleEnabledNow(moduleId: string): boolean | undefined {
      return loadedNow()?.enabled.has(moduleId);
    },

    async registerSettings(): Promise<RegisterSettings> {
      return (await current()).registerSettings;
    },

    async domainRoute(): Promise<DomainRoute> {
      return (await current()).domainRoute;
    },

    async currency(): Promise<{ code: string; scale: number; symbol: string }> {
      const { merchant } = await current();
      return { code: merchant.currencyCode, scale: merchant.currencyScale, symbol: merchant.currencySymbol };
    },

    /** Help centre in the asked language (falling back to English per article), sanitised on the way out. */
    async helpCenter(language: string | undefined): Promise<HelpCenter> {
      const state = await current();
      const lang = resolveLanguage(language);
      const cached = state.helpByLanguage.get(lang);
      if (cached) return cached;
      const categories: HelpCenter['categories'] = [];
      for (const article of state.helpArticles) {
        // A language entry without a title holds only the category's title in that language (the article itself
        // falls back to English).
        const own = article.translations[lang];
        const text = own?.title ? own : article.translations.en;
        if (!text) continue;
        let category = categories.find((entry) => entry.id === article.category);
        if (!category) {
          category = { id: article.category, title: own?.categoryTitle || text.categoryTitle, articles: [] };
          categories.push(category);
        }
        category.articles.push({
          id: String(article.id),
          anchor: article.anchor,
          title: text.title,
          // Cleaned on the way in (back office) and again here on the way out, with the same allow-list.
          content: sanitizeOperatorHtml(text.content),
        });
      }
      const help = { categories };
      state.helpByLanguage.set(lang, help);
      return help;
    },

    async payloadEncryption() {
      const [state, keys] = await Promise.all([current(), ensurePayloadKeys()]);
      return {
        enabled: state.merchant.payloadEncryptionEnabled,
        isEncrypted: isEncryptedPayload,
        decrypt: (body: unknown) => keys.decryptor.decrypt(body),
      };
    },

    /** Operator: switches maintenance on or off, with an optional end time. */
    async setMaintenance(input: { enabled: boolean; end: Date | null }): Promise<void> {
      await repo.updateMerchant(deps.db, deps.merchantCode, {
        maintenanceEnabled: input.enabled,
        maintenanceEnd: input.end,
      });
      await invalidate();
    },

    /** Operator: replaces the region block list (countries and IP ranges). */
    async setRegionBlock(input: { countries: string[]; ipRanges: string[] }): Promise<void> {
      for (const range of input.ipRanges) {
        if (!isIP(range.split('/')[0] ?? '')) throw new AppError('VALIDATION_FAILED', { range });
      }
      await repo.updateMerchant(deps.db, deps.merchantCode, {
        blockedCountries: input.countries.map((country) => country.toUpperCase()),
        blockedIpRanges: input.ipRanges,
      });
      await invalidate();
    },

    /**
     * Operator: switches one whitelabel node.
     * @throws NOT_FOUND when the tree has no such node.
     */
    async setFeature(modId: string, enabled: boolean): Promise<void> {
      if (!(await repo.updateFeatureEnabled(deps.db, deps.merchantCode, modId, enabled)))
        throw new AppError('NOT_FOUND', { modId });
      await invalidate();
    },

    async setPayloadEncryption(enabled: boolean): Promise<void> {
      await repo.updateMerchant(deps.db, deps.merchantCode, { payloadEncryptionEnabled: enabled });
      await invalidate();
    },

    /**
     * Operator: the configuration as stored, read from the database rather than the players' cache, so
     * that the back office always edits the latest values.
     */
    async operatorSettings(): Promise<OperatorSettings> {
      const rows = await repo.findMerchantConfig(deps.db, deps.merchantCode);
      if (!rows) throw new Error(`merchant ${deps.merchantCode} is not configured (the seed did not run)`);
      const customerService = await repo.listAllCustomerService(deps.db, deps.merchantCode);
      const { merchant } = rows;
      return {
        maintenance: { enabled: merchant.maintenanceEnabled, end: merchant.maintenanceEnd?.toISOString() ?? null },
        regionBlock: { countries: merchant.blockedCountries, ipRanges: merchant.blockedIpRanges },
        payloadEncryption: { enabled: merchant.payloadEncryptionEnabled },
        general: {
          defaultLanguage: merchant.defaultLanguage,
          languages: merchant.languages,
          imageCdns: merchant.imageCdns,
          launchGameCdns: merchant.launchGameCdns,
          gtagId: merchant.analyticsGtagId,
        },
        features: rows.features.map((row) => ({
          modId: row.modId,
          parentModId: row.parentModId,
          enabled: row.enabled,
          sort: row.sortOrder,
        })),
        registerFields: rows.registerFields.map((row) => ({
          field: row.field,
          enabled: row.enabled,
          required: row.required,
          patternId: row.patternId,
          acceptedPattern: row.acceptedPattern,
          minLength: row.minLength,
          maxLength: row.maxLength,
          sort: row.sortOrder,
        })),
        customerService: customerService.map((row) => ({
          csType: row.csType,
          title: row.title,
          url: row.url,
          sort: row.sortOrder,
          enabled: row.enabled,
        })),
        resources: rows.resources.map((row) => ({
          resourceType: row.resourceType,
          labelNameEn: row.labelNameEn,
          url: row.url,
          sort: row.sortOrder,
        })),
      };
    },

    /** Operator: replaces the customer-service entries (live chat and social contact links). */
    async setCustomerService(
      entries: { csType: string; title: string; url: string; sort: number; enabled: boolean }[],
    ): Promise<void> {
      await deps.db.transaction(async (tx) => {
        await repo.replaceCustomerService(
          tx,
          deps.merchantCode,
          entries.map(({ sort, ...entry }) => ({ ...entry, sortOrder: sort })),
        );
      });
      await invalidate();
    },

    /**
     * Operator: replaces the resources (app-download and community links) in one transaction, then drops the
     * snapshot so that the next permission response carries them.
     */
    async setResources(
      entries: { resourceType: string; labelNameEn: string; url: string; sort: number }[],
    ): Promise<void> {
      await deps.db.transaction(async (tx) => {
        await repo.replaceResources(
          tx,
          deps.merchantCode,
          entries.map(({ sort, ...entry }) => ({ ...entry, sortOrder: sort })),
        );
      });
      await invalidate();
    },

    /**
     * Operator: updates registration field rules; `acceptedPattern` is derived from the pattern family so
     * that the form and the server judge values with the same expression. Fields not given keep their rule.
     */
    async setRegisterFieldRules(
      rules: {
        field: RegistrationFieldName;
        enabled: boolean;
        required: boolean;
        patternId: PatternId;
        minLength: number;
        maxLength: number;
      }[],
    ): Promise<void> {
      const existing = await repo.findMerchantConfig(deps.db, deps.merchantCode);
      const sortOf = new Map(existing?.registerFields.map((row) => [row.field, row.sortOrder]) ?? []);
      let nextSort = Math.max(0, ...sortOf.values()) + 1;
      await deps.db.transaction(async (tx) => {
        for (const rule of rules) {
          await repo.upsertRegisterField(tx, deps.merchantCode, {
            ...rule,
            acceptedPattern: acceptedPatternFor(rule.patternId),
            sortOrder: sortOf.get(rule.field) ?? nextSort++,
          });
        }
      });
      await invalidate();
    },

    /**
     * Operator: default language, image and game-launch CDN lists, analytics (gtag) id.
     * @throws VALIDATION_FAILED when the default language is not one the site offers.
     */
    async setMerchantSettings(input: {
      defaultLanguage: string;
      imageCdns: string[];
      launchGameCdns: string[];
      gtagId: string | null;
    }): Promise<void> {
      const rows = await repo.findMerchantConfig(deps.db, deps.merchantCode);
      if (rows && !rows.merchant.languages.includes(input.defaultLanguage)) {
        throw new AppError('VALIDATION_FAILED', { defaultLanguage: input.defaultLanguage }, [
          {
            path: 'body.defaultLanguage',
            code: 'invalid_value',
            message: `Must be one of ${rows.merchant.languages.join(', ')}`,
          },
        ]);
      }
      await repo.updateMerchant(deps.db, deps.merchantCode, {
        defaultLanguage: input.defaultLanguage,
        imageCdns: input.imageCdns,
        launchGameCdns: input.launchGameCdns,
        analyticsGtagId: input.gtagId,
      });
      await invalidate();
    },
    invalidate,
    ...createHelpEditing({ db: deps.db, merchantCode: deps.merchantCode, invalidate }),
  };
}

type HelpTranslations = repo.HelpArticleRow['translations'];

function toOperatorHelpArticle(row: repo.HelpArticleRow): OperatorHelpArticle {
  const texts: OperatorHelpArticle['texts'] = {};
  for (const [language, text] of Object.entries(row.translations)) {
    // An entry without a title only carries the category's title in that language.
    if (text.title) texts[language] = { title: text.title, content: sanitizeOperatorHtml(text.content) };
  }
  return { id: row.id, category: row.category, anchor: row.anchor, enabled: row.enabled, texts };
}

/** A category's title per language: the first article that has the language gives it. */
function categoryTitles(rows: repo.HelpArticleRow[]): Record<string, string> {
  const titles: Record<string, string> = {};
  for (const row of rows) {
    for (const [language, text] of Object.entries(row.translations)) {
      if (!titles[language] && text.categoryTitle) titles[language] = text.categoryTitle;
    }
  }
  return titles;
}

/**
 * Puts the category titles into each language of an article's texts. A language the category has a title in but
 * the article has no text in gets an entry with an empty title: it keeps the category's title for that language's
 * readers, who get the article's English text.
 */
function withCategoryTitles(translations: HelpTranslations, titles: Record<string, string>): HelpTranslations {
  const next: HelpTranslations = {};
  for (const language of new Set([...Object.keys(translations), ...Object.keys(titles)])) {
    const text = translations[language] ?? { title: '', content: '', categoryTitle: '' };
    next[language] = { ...text, categoryTitle: titles[language] ?? titles.en ?? text.categoryTitle };
  }
  return next;
}

/**
 * Operators' editing of the help centre (categories with articles, per language). Categories have no table of their
 * own: an article carries its category's key, place and title per language, so a category exists while it has
 * articles, and renaming or moving one writes every article in it. Each change empties the players' cache on every
 * instance (`invalidate`), so `/wps/system/helpCenter` answers the new text at once.
 */
function createHelpEditing(deps: { db: Db; merchantCode: string; invalidate: () => Promise<void> }) {
  const { db, merchantCode } = deps;

  function clean(input: HelpArticleInput) {
    const parsed = helpArticleInputSchema.parse(input);
    const texts: Record<string, { title: string; content: string }> = {};
    for (const [language, text] of Object.entries(parsed.texts)) {
      if (text) texts[language] = { title: text.title.trim(), content: sanitizeOperatorHtml(text.content) };
    }
    return { ...parsed, texts };
  }

  function missingCategoryTitle(): never {
    const issue: ValidationIssue = { path: 'body.categoryTitles.en', code: 'required', message: 'Required' };
    throw new AppError('VALIDATION_FAILED', {}, [issue]);
  }

  /** Writes new category titles into every article of the category. */
  async function renameCategory(tx: DbOrTx, rows: repo.HelpArticleRow[], titles: Record<string, string>) {
    for (const row of rows) {
      await repo.updateHelpArticle(tx, merchantCode, row.id, {
        translations: withCategoryTitles(row.translations, titles),
      });
    }
  }

  /** Where an article goes: the category's place (or after the last one) and after its last article. */
  function placeIn(all: repo.HelpArticleRow[], category: string) {
    const inCategory = all.filter((row) => row.category === category);
    const categorySort = inCategory[0]?.categorySort ?? Math.max(0, ...all.map((row) => row.categorySort)) + 1;
    const sortOrder = Math.max(0, ...inCategory.map((row) => row.sortOrder)) + 1;
    return { inCategory, categorySort, sortOrder };
  }

  function titlesFor(inCategory: repo.HelpArticleRow[], given: HelpCategoryTitles | undefined) {
    const existing = categoryTitles(inCategory);
    if (!given && !existing.en) missingCategoryTitle();
    return { ...existing, ...(given ?? {}) } as Record<string, string>;
  }

  function translationsOf(texts: Record<string, { title: string; content: string }>, titles: Record<string, string>) {
    const translations: HelpTranslations = {};
    for (const [language, text] of Object.entries(texts)) translations[language] = { ...text, categoryTitle: '' };
    return withCategoryTitles(translations, titles);
  }

  async function requireArticle(id: number): Promise<repo.HelpArticleRow> {
    const row = await repo.findHelpArticle(db, merchantCode, id);
    if (!row) throw new AppError('SYSTEM_HELP_ARTICLE_NOT_FOUND', { id });
    return row;
  }

  /** Operator: the help centre as stored (switched-off articles included), categories and articles in order. */
  async function operatorHelpCenter(): Promise<OperatorHelpCenter> {
    const rows = await repo.listAllHelpArticles(db, merchantCode);
    const categories: OperatorHelpCenter['categories'] = [];
    for (const row of rows) {
      let category = categories.find((entry) => entry.key === row.category);
      if (!category) {
        category = {
          key: row.category,
          titles: categoryTitles(rows.filter((other) => other.category === row.category)),
          articles: [],
        };
        categories.push(category);
      }
      category.articles.push(toOperatorHelpArticle(row));
    }
    return { categories };
  }

  return {
    operatorHelpCenter,

    /** @throws SYSTEM_HELP_ARTICLE_NOT_FOUND */
    async getHelpArticle(id: number): Promise<OperatorHelpArticle> {
      return toOperatorHelpArticle(await requireArticle(id));
    },

    /**
     * Operator: adds an article at the end of its category (a new category goes after the last one and needs its
     * English title). The HTML is sanitised before it is stored.
     * @throws VALIDATION_FAILED, SYSTEM_HELP_ANCHOR_TAKEN
     */
    async createHelpArticle(input: HelpArticleInput): Promise<OperatorHelpArticle> {
      const values = clean(input);
      const row = await db.transaction(async (tx) => {
        const all = await repo.listAllHelpArticles(tx, merchantCode);
        if (all.some((other) => other.anchor === values.anchor)) {
          throw new AppError('SYSTEM_HELP_ANCHOR_TAKEN', { anchor: values.anchor });
        }
        const { inCategory, categorySort, sortOrder } = placeIn(all, values.category);
        const titles = titlesFor(inCategory, values.categoryTitles);
        if (values.categoryTitles) await renameCategory(tx, inCategory, titles);
        const inserted = await repo.insertHelpArticle(tx, {
          merchantCode,
          category: values.category,
          categorySort,
          anchor: values.anchor,
          sortOrder,
          enabled: values.enabled,
          translations: translationsOf(values.texts, titles),
        });
        if (!inserted) throw new AppError('SYSTEM_HELP_ANCHOR_TAKEN', { anchor: values.anchor });
        return inserted;
      });
      await deps.invalidate();
      return toOperatorHelpArticle(row);
    },

    /**
     * Operator: replaces an article's texts, anchor and switch; moving it to another category puts it at that
     * category's end.
     * @throws SYSTEM_HELP_ARTICLE_NOT_FOUND, VALIDATION_FAILED, SYSTEM_HELP_ANCHOR_TAKEN
     */
    async updateHelpArticle(id: number, input: HelpArticleInput): Promise<OperatorHelpArticle> {
      const values = clean(input);
      const row = await db.transaction(async (tx) => {
        const all = await repo.listAllHelpArticles(tx, merchantCode);
        const current = all.find((other) => other.id === id);
        if (!current) throw new AppError('SYSTEM_HELP_ARTICLE_NOT_FOUND', { id });
        if (all.some((other) => other.anchor === values.anchor && other.id !== id)) {
          throw new AppError('SYSTEM_HELP_ANCHOR_TAKEN', { anchor: values.anchor });
        }
        const others = all.filter((other) => other.id !== id);
        const moved = current.category !== values.category;
        const place = moved
          ? placeIn(others, values.category)
          : {
              inCategory: others.filter((other) => other.category === values.category),
              categorySort: current.categorySort,
              sortOrder: current.sortOrder,
            };
        const titles = titlesFor(moved ? place.inCategory : [current, ...place.inCategory], values.categoryTitles);
        if (values.categoryTitles) await renameCategory(tx, place.inCategory, titles);
        const updated = await repo.updateHelpArticle(tx, merchantCode, id, {
          category: values.category,
          categorySort: place.categorySort,
          sortOrder: place.sortOrder,
          anchor: values.anchor,
          enabled: values.enabled,
          translations: translationsOf(values.texts, titles),
        });
        if (!updated) throw new AppError('SYSTEM_HELP_ARTICLE_NOT_FOUND', { id });
        return updated;
      });
      await deps.invalidate();
      return toOperatorHelpArticle(row);
    },

    /** @throws SYSTEM_HELP_ARTICLE_NOT_FOUND */
    async deleteHelpArticle(id: number): Promise<void> {
      if (!(await repo.deleteHelpArticle(db, merchantCode, id))) {
        throw new AppError('SYSTEM_HELP_ARTICLE_NOT_FOUND', { id });
      }
      await deps.invalidate();
    },

    /**
     * Operator: renames a category per language (every article in it carries the title).
     * @throws SYSTEM_HELP_CATEGORY_NOT_FOUND
     */
    async renameHelpCategory(
      key: string,
      titles: HelpCategoryTitles,
    ): Promise<OperatorHelpCenter['categories'][number]> {
      await db.transaction(async (tx) => {
        const rows = (await repo.listAllHelpArticles(tx, merchantCode)).filter((row) => row.category === key);
        if (rows.length === 0) throw new AppError('SYSTEM_HELP_CATEGORY_NOT_FOUND', { category: key });
        await renameCategory(tx, rows, { ...categoryTitles(rows), ...titles });
      });
      await deps.invalidate();
      const rows = (await repo.listAllHelpArticles(db, merchantCode)).filter((row) => row.category === key);
      return { key, titles: categoryTitles(rows), articles: rows.map(toOperatorHelpArticle) };
    },

    /**
     * Operator: deletes a category with every article in it; answers how many articles went.
     * @throws SYSTEM_HELP_CATEGORY_NOT_FOUND
     */
    async deleteHelpCategory(key: string): Promise<number> {
      const deleted = await repo.deleteHelpCategory(db, merchantCode, key);
      if (deleted === 0) throw new AppError('SYSTEM_HELP_CATEGORY_NOT_FOUND', { category: key });
      await deps.invalidate();
      return deleted;
    },

    /**
     * Operator: puts categories and their articles in the given order (first to last). An article listed under
     * another category than its own moves there; categories and articles not listed keep their place after the
     * listed ones.
     * @throws SYSTEM_HELP_ARTICLE_NOT_FOUND when an id is not one of the merchant's help articles.
     */
    async setHelpOrder(order: HelpOrderInput): Promise<OperatorHelpCenter> {
      await db.transaction(async (tx) => {
        const all = await repo.listAllHelpArticles(tx, merchantCode);
        const byId = new Map(all.map((row) => [row.id, row]));
        const placed = new Set<number>();
        let categorySort = 0;
        for (const category of order.categories) {
          categorySort += 1;
          const titles = categoryTitles(all.filter((row) => row.category === category.key));
          let sortOrder = 0;
          for (const id of category.articleIds) {
            const row = byId.get(id);
            if (!row) throw new AppError('SYSTEM_HELP_ARTICLE_NOT_FOUND', { id });
            placed.add(id);
            sortOrder += 1;
            const moved = row.category !== category.key;
            await repo.updateHelpArticle(tx, merchantCode, id, {
              category: category.key,
              categorySort,
              sortOrder,
              ...(moved ? { translations: withCategoryTitles(row.translations, titles) } : {}),
            });
          }
          // Articles of the category the order did not list stay in it, after the listed ones.
          for (const row of all.filter(
            (entry) => entry.category === category.key && !category.articleIds.includes(entry.id),
          )) {
            if (placed.has(row.id)) continue;
            placed.add(row.id);
            sortOrder += 1;
            await repo.updateHelpArticle(tx, merchantCode, row.id, { categorySort, sortOrder });
          }
        }
        for (const row of all.filter((entry) => !placed.has(entry.id))) {
          await repo.updateHelpArticle(tx, merchantCode, row.id, { categorySort: categorySort + row.categorySort });
        }
      });
      await deps.invalidate();
      return operatorHelpCenter();
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;

/** The stored configuration as operators edit it (see `operatorSettings`). */
export type OperatorSettings = {
  maintenance: { enabled: boolean; end: string | null };
  regionBlock: { countries: string[]; ipRanges: string[] };
  payloadEncryption: { enabled: boolean };
  general: {
    defaultLanguage: string;
    languages: string[];
    imageCdns: string[];
    launchGameCdns: string[];
    gtagId: string | null;
  };
  features: { modId: string; parentModId: string | null; enabled: boolean; sort: number }[];
  registerFields: {
    field: string;
    enabled: boolean;
    required: boolean;
    patternId: string;
    acceptedPattern: string;
    minLength: number;
    maxLength: number;
    sort: number;
  }[];
  customerService: { csType: string; title: string; url: string; sort: number; enabled: boolean }[];
  resources: { resourceType: string; labelNameEn: string; url: string; sort: number }[];
};
