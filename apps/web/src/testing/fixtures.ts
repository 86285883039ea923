import {
  acceptedPatternFor,
  type LoginResult,
  type MemberInfo,
  type PermissionResponse,
  type RegisterSettings,
  type RegistrationFieldRule,
} from '@portal/contract';

/**
 * A permission response as the server sends it for a typical Bengali-market site. Tests adjust the
 * parts they exercise; the shape is checked against the contract schema by the app itself.
 */
export function permissionFixture(overrides: Partial<PermissionResponse> = {}): PermissionResponse {
  return {
    info: {
      merchantCode: 'BDX88',
      siteName: 'BDX88',
      currency: { code: 'BDT', symbol: '৳', scale: 2 },
      defaultLanguage: 'en',
      languages: ['en', 'bn'],
      customerService: [
        { csType: 'TELEGRAM', title: 'Telegram support', url: 'https://t.me/bdx88_support', sort: 2 },
        { csType: 'LIVECHAT', title: '24/7 live chat', url: 'https://chat.example.com/bdx88', sort: 1 },
        { csType: 'WHATSAPP', title: 'WhatsApp', url: 'https://wa.me/8801700000000', sort: 3 },
      ],
      domainRoute: { mainDomain: 'bdx88.example.com', routes: [] },
      resources: [
        { resourceType: 'ANDROID', labelNameEn: 'Android App', url: 'https://cdn.example.com/bdx88.apk' },
        { resourceType: 'IOS', labelNameEn: 'iOS App', url: 'https://apps.example.com/bdx88' },
      ],
      whitelabel: [
        {
          modId: 'CONTENT',
          enabled: true,
          childrenNodes: [
            { modId: 'HELPCENTER3', enabled: true, childrenNodes: [] },
            { modId: 'APPDOWNLOAD3', enabled: true, childrenNodes: [] },
          ],
        },
      ],
      mainDomain: 'bdx88.example.com',
      analytics: { gtagId: null },
      imageCDNs: [],
      launchGameCDNs: [],
      payloadEncryption: { enabled: false, publicKey: null },
    },
    location: { ip: '203.0.113.7', country: 'BD' },
    maintenance: false,
    regionRestriction: false,
    maintenanceEnd: null,
    ...overrides,
  };
}

type Handler = (request: { url: URL; init: RequestInit }) => Response | Promise<Response>;

export function envelopeResponse(value: unknown, status = 200): Response {
  return new Response(JSON.stringify({ success: true, value }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function failureResponse(code: string, status: number, extra: Record<string, unknown> = {}): Response {
  return new Response(
    JSON.stringify({ success: false, code, message: `server text for ${code}`, requestId: 'req-1', ...extra }),
    {
      status,
      headers: { 'content-type': 'application/json' },
    },
  );
}

/**
 * A fetch stand-in that answers by path; unknown paths answer NOT_FOUND like the server.
 * Returns the mock so tests can inspect the calls.
 */
export function mockApi(routes: Record<string, Handler>) {
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[url.pathname];
    if (!handler) return failureResponse('NOT_FOUND', 404);
    return handler({ url, init });
  };
}

/** The member area of the whitelabel tree with every identity switch on; pass ids to switch some off. */
export function memberFeatures(off: readonly string[] = []): PermissionResponse['info']['whitelabel'] {
  const node = (modId: string, childrenNodes: PermissionResponse['info']['whitelabel'] = []) => ({
    modId,
    enabled: !off.includes(modId),
    childrenNodes,
  });
  return [
    node('MEMBER', [
      node('LOGIN3'),
      node('SMSLOGIN3'),
      node('FREEPLAY3'),
      node('FORCEPWD3'),
      node('REGISTER3', [node('USERNAMEREG3'), node('MOBILENUMREG3'), node('REGMOBVERF3')]),
      node('FORGOTPWD3', [node('FORGOTPWDEMAIL3'), node('FORGOTPWDMOBILE3')]),
    ]),
    node('AGENT', [node('AGENTCENTER3')]),
  ];
}

/** A site with the identity features (and the content features of `permissionFixture`). */
export function identityPermissionFixture(off: readonly string[] = []): PermissionResponse {
  const base = permissionFixture();
  return permissionFixture({ info: { ...base.info, whitelabel: [...base.info.whitelabel, ...memberFeatures(off)] } });
}

const rule = (
  patternId: RegistrationFieldRule['patternId'],
  minLength: number,
  maxLength: number,
  options: { enabled?: boolean; required?: boolean } = {},
): RegistrationFieldRule => ({
  enabled: options.enabled ?? true,
  required: options.required ?? false,
  patternId,
  acceptedPattern: acceptedPatternFor(patternId),
  minLength,
  maxLength,
});

/** Registration settings like the server's seed: mobile first, SMS verification, captcha. */
export function registerSettingsFixture(overrides: Partial<RegisterSettings> = {}): RegisterSettings {
  return {
    usernameRegistration: true,
    mobileRegistration: true,
    smsVerification: true,
    mobileWithPassword: false,
    defaultMethod: 'mobile',
    countryDialingCodes: [
      { code: '+880', country: 'BD' },
      { code: '+91', country: 'IN' },
    ],
    fields: {
      username: rule('LETTER_FIRST_ALNUM', 6, 16, { required: true }),
      password: rule('STRONG_PASSWORD', 8, 20, { required: true }),
      confirmPassword: rule('ANY', 8, 20, { required: true }),
      mobileNum: rule('DIGITS', 10, 11, { required: false }),
      verificationCode: rule('DIGITS', 6, 6, { required: true }),
      captcha: rule('ALNUM', 4, 4, { required: true }),
      email: rule('EMAIL', 6, 60),
      affiliateCode: rule('ALNUM', 4, 12),
      nickname: rule('NO_SPACES', 2, 20, { enabled: false }),
    },
    ...overrides,
  };
}

export function memberInfoFixture(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    id: 7,
    account: 'rahim01',
    nickname: 'Rahim',
    type: 0,
    isAgent: false,
    isTrial: false,
    playMoney: false,
    mobile: '+880171****678',
    email: 'r***@example.com',
    language: 'en',
    avatar: null,
    inviteCode: 'K7PQ2MZA',
    firstTimeLogin: false,
    passwordExpired: false,
    mustChangePassword: false,
    hasPassword: true,
    hasPaymentPassword: false,
    lastLogin: { ip: '203.0.113.50', at: '2026-11-20T09:30:00.000Z' },
    ...overrides,
  };
}

export function loginResultFixture(overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    token: 'token-123',
    firstTimeLogin: false,
    passwordExpired: false,
    mustChangePassword: false,
    accountType: 0,
    isAgent: false,
    isTrial: false,
    ...overrides,
  };
}

export const captchaFixture = (n = 1) => ({
  captchaId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  image: `iVBORw0KGgo${n}`,
  expiresInSeconds: 120,
});

/** The JSON body a mocked call received. */
export function bodyOf(init: RequestInit): Record<string, unknown> {
  return JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
}
