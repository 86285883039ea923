import { createPublicKey } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import {
  type CustomerServiceEntry,
  customerServiceTypes,
  type DomainRoute,
  enabledFeatures,
  type FeatureNode,
  type HelpCenter,
  type PatternId,
  type PermissionInfo,
  type RegisterSettings,
  type RegistrationFieldName,
  type RegistrationFieldRule,
  resolveLanguage,
  type SystemStatus,
  systemStatusCodes,
} from '@portal/contract';
import sanitizeHtml from 'sanitize-html';
import { generatePayloadKeyPair, isEncryptedPayload, PayloadDecryptor } from '../../platform/crypto/payload-crypto';
import type { Db } from '../../platform/db';
import type { CountryResolver } from '../../platform/geo/geo.types';
import { AppError } from '../../platform/http/app-error';
import type { PubSub } from '../../platform/kv/kv.types';
import * as repo from './system.repository';

const configChangedChannel = 'system:config-changed';
const payloadKeyName = 'payload-rsa';

/** Help centre HTML is sanitised on the way in (back office) and again here on the way out. */
const helpHtmlOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

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
};

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
  let payload: { publicKeyPem: string; decryptor: PayloadDecryptor } | null = null;

  async function load(): Promise<Snapshot> {
    const rows = await repo.findMerchantConfig(deps.db, deps.merchantCode);
    if (!rows) throw new Error(`merchant ${deps.merchantCode} is not configured (the seed did not run)`);
    const { merchant } = rows;
    const tree = buildTree(rows.features);
    const enabled = enabledFeatures(tree);
    const keys = await ensurePayloadKeys();
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
      payloadEncryption: { enabled: merchant.payloadEncryptionEnabled, publicKey: keys.publicKeyPem },
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
    };
  }

  async function ensurePayloadKeys() {
    if (payload) return payload;
    let pair: { publicKeyPem: string; privateKeyPem: string };
    if (deps.payloadPrivateKey) {
      const publicKeyPem = createPublicKey(deps.payloadPrivateKey).export({ type: 'spki', format: 'pem' }).toString();
      pair = { publicKeyPem, privateKeyPem: deps.payloadPrivateKey };
    } else {
      let row = await repo.findKeyPair(deps.db, payloadKeyName);
      if (!row) {
        const generated = generatePayloadKeyPair();
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
    pending.catch(() => {
      if (snapshot === pending) snapshot = null;
    });
    return pending;
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

  function isRestricted(state: Snapshot, ip: string): boolean {
    const address = normaliseIp(ip);
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) && state.blockedRanges.check(address, family)) return true;
    if (state.blockedCountries.size === 0) return false;
    const country = deps.countryResolver.country(address);
    return country !== null && state.blockedCountries.has(country);
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
      await current();
      return unsubscribe;
    },

    /** Spec section 4: 1 maintenance takes priority over 2 region restricted. */
    async status(ip: string): Promise<SystemStatus> {
      const state = await current();
      const maintenance = isMaintenance(state.merchant);
      const regionRestriction = isRestricted(state, ip);
      const address = normaliseIp(ip);
      return {
        status: maintenance
          ? systemStatusCodes.MAINTENANCE
          : regionRestriction
            ? systemStatusCodes.REGION_RESTRICTED
            : systemStatusCodes.NORMAL,
        maintenance,
        regionRestriction,
        maintenanceEnd: maintenance ? (state.merchant.maintenanceEnd?.toISOString() ?? null) : null,
        location: { ip: address, country: deps.countryResolver.country(address) },
        serverTime: now().toISOString(),
      };
    },

    /**
     * The permission response as a JSON string: the cached `info` spliced with this client's
     * location and status, so nothing large is rebuilt or re-serialised per request.
     */
    async permissionResponseJson(ip: string): Promise<string> {
      const state = await current();
      const maintenance = isMaintenance(state.merchant);
      const address = normaliseIp(ip);
      const location = { ip: address, country: deps.countryResolver.country(address) };
      const maintenanceEnd = maintenance ? (state.merchant.maintenanceEnd?.toISOString() ?? null) : null;
      return `{"success":true,"value":{"info":${state.infoJson},"location":${JSON.stringify(location)},"maintenance":${maintenance},"regionRestriction":${isRestricted(state, ip)},"maintenanceEnd":${JSON.stringify(maintenanceEnd)}}}`;
    },

    async accessState(ip: string): Promise<'normal' | 'maintenance' | 'restricted'> {
      const state = await current();
      if (isMaintenance(state.merchant)) return 'maintenance';
      return isRestricted(state, ip) ? 'restricted' : 'normal';
    },

    async isModuleEnabled(moduleId: string): Promise<boolean> {
      return (await current()).enabled.has(moduleId);
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
        const text = article.translations[lang] ?? article.translations.en;
        if (!text) continue;
        let category = categories.find((entry) => entry.id === article.category);
        if (!category) {
          category = { id: article.category, title: text.categoryTitle, articles: [] };
          categories.push(category);
        }
        category.articles.push({
          id: String(article.id),
          anchor: article.anchor,
          title: text.title,
          content: sanitizeHtml(text.content, helpHtmlOptions),
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

    invalidate,
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
