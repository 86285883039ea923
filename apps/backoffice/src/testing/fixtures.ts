import {
  type Operator,
  type OperatorMe,
  type OperatorRole,
  rolePermissions,
  type SiteConfiguration,
} from '@portal/contract';

export function operatorFixture(overrides: Partial<Operator> = {}): Operator {
  return {
    id: 1,
    username: 'owner',
    role: 'owner',
    status: 'active',
    totpEnrolled: true,
    mustChangePassword: false,
    lastLoginAt: '2030-01-01T08:00:00.000Z',
    lastLoginIp: '127.0.0.1',
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function meFixture(role: OperatorRole = 'owner', overrides: Partial<Operator> = {}): OperatorMe {
  return {
    operator: operatorFixture({ role, username: role === 'owner' ? 'owner' : `${role}.op`, ...overrides }),
    permissions: [...rolePermissions[role]],
    session: { idleTimeoutSeconds: 900, expiresAt: '2030-01-01T16:00:00.000Z' },
  };
}

export function configFixture(): SiteConfiguration {
  return {
    maintenance: { enabled: false, end: null },
    regionBlock: { countries: ['KP'], ipRanges: [] },
    payloadEncryption: { enabled: false },
    general: {
      defaultLanguage: 'en',
      languages: ['en', 'bn'],
      imageCdns: ['/'],
      launchGameCdns: ['/'],
      gtagId: null,
    },
    features: [
      { modId: 'MEMBER', parentModId: null, enabled: true, sort: 1 },
      { modId: 'REGISTER3', parentModId: 'MEMBER', enabled: false, sort: 2 },
      { modId: 'USERNAMEREG3', parentModId: 'REGISTER3', enabled: true, sort: 3 },
      { modId: 'FEEDBACK3', parentModId: 'MEMBER', enabled: true, sort: 4 },
    ],
    registerFields: [
      {
        field: 'username',
        enabled: true,
        required: true,
        patternId: 'LETTER_FIRST_ALNUM',
        acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
        minLength: 6,
        maxLength: 16,
        sort: 1,
      },
      {
        field: 'email',
        enabled: true,
        required: false,
        patternId: 'EMAIL',
        acceptedPattern: '.+',
        minLength: 6,
        maxLength: 60,
        sort: 2,
      },
      {
        field: 'nickname',
        enabled: false,
        required: false,
        patternId: 'NO_SPACES',
        acceptedPattern: '^\\S+$',
        minLength: 2,
        maxLength: 20,
        sort: 3,
      },
    ],
    customerService: [{ csType: 'TELEGRAM', title: 'Telegram', url: 'https://t.me/help', sort: 1, enabled: true }],
    resources: [
      { resourceType: 'Android', labelNameEn: 'Android app', url: 'https://cdn.example.com/app.apk', sort: 1 },
      { resourceType: 'TELEGRAM', labelNameEn: 'Telegram', url: 'https://t.me/example', sort: 2 },
    ],
  };
}

type Handler = (request: { url: URL; init: RequestInit; body: unknown }) => Response | Promise<Response>;

export function okResponse(value: unknown, status = 200): Response {
  return new Response(JSON.stringify({ success: true, value }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function failureResponse(code: string, status: number, extra: Record<string, unknown> = {}): Response {
  return new Response(
    JSON.stringify({ success: false, code, message: `server text for ${code}`, requestId: 'req-1', ...extra }),
    { status, headers: { 'content-type': 'application/json' } },
  );
}

/**
 * A fetch stand-in answering by "METHOD path" (or by path for any method); unknown calls answer NOT_FOUND like
 * the server. The public permission response (for the site name) answers with a small stand-in by default.
 */
export function mockApi(routes: Record<string, Handler>) {
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url.pathname}`] ?? routes[url.pathname];
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (handler) return handler({ url, init, body });
    if (url.pathname === '/wps/system/whitelabel') return okResponse({ info: { siteName: 'BDX88' } });
    return failureResponse('NOT_FOUND', 404);
  };
}
