import type { PermissionResponse } from '@portal/contract';

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
