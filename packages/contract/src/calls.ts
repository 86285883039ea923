import type { FeatureId } from './features';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One entry of the call configuration table (spec section 3 "Call configuration entries"):
 * where a call lives, which whitelabel module switches it, whether it needs a session token (T)
 * and whether its body is encrypted when payload encryption is on (E).
 * Both sides read it: the web client adds the token and encrypts from it, the server guards from it.
 */
export type CallEntry = {
  readonly method: HttpMethod;
  readonly path: string;
  /** Whitelabel module that must be enabled (with its ancestors); null when always available. */
  readonly module: FeatureId | null;
  readonly token: boolean;
  readonly encrypted: boolean;
};

const call = (
  method: HttpMethod,
  path: string,
  module: FeatureId | null,
  flags: { token?: boolean; encrypted?: boolean } = {},
): CallEntry => ({ method, path, module, token: flags.token ?? false, encrypted: flags.encrypted ?? false });

const relay = (service: string, module: FeatureId | null, flags: { token?: boolean; encrypted?: boolean } = {}) =>
  call('POST', `/wps/relay/${service}`, module, flags);

/**
 * The call table. Paths are the spec's (section 7); methods where the spec names one, otherwise
 * GET for reads and POST for relay calls. Calls that no module serves yet answer NOT_FOUND.
 */
export const calls = {
  // Session and system
  login: call('POST', '/wps/session/login', 'LOGIN3', { encrypted: true }),
  // Serves both SMS login (SMSLOGIN3) and forgot-password by mobile (FORGOTPWDMOBILE3): the service checks
  // the switch of the code's purpose, so the table names only their common parent.
  smsLoginCode: call('POST', '/wps/verification/sms/noLogin', 'MEMBER'),
  freePlay: call('POST', '/wps/session/login/freeplay', 'FREEPLAY3'),
  logout: call('DELETE', '/wps/session/logout', null, { token: true }),
  // Not in the spec's list: the agent landing page (/agent) has its own login form; only agents get in.
  agentLogin: call('POST', '/wps/agent/session/login', 'AGENTCENTER3', { encrypted: true }),
  systemWhitelabel: call('GET', '/wps/system/whitelabel', null),
  systemRegisterSettings: call('GET', '/wps/system/setting/register', 'REGISTER3'),
  systemStatus: call('GET', '/wps/system/status', null),
  systemDomainRoute: call('GET', '/wps/system/domainRoute', null),
  systemHelpCenter: call('GET', '/wps/system/helpCenter', 'HELPCENTER3'),
  // Member
  memberInfo: call('GET', '/wps/member/info', 'MEMBER', { token: true }),
  register: call('PUT', '/wps/member/register', 'USERNAMEREG3', { encrypted: true }),
  registerByMobile: call('PUT', '/wps/member/register/mobile', 'MOBILENUMREG3', { encrypted: true }),
  changePassword: call('POST', '/wps/member/password', 'MEMBER', { token: true, encrypted: true }),
  forgotPasswordByEmail: call('POST', '/wps/member/password/email', 'FORGOTPWDEMAIL3'),
  // Not in the spec's list: completes the e-mail reset with the token from the e-mailed link.
  resetPasswordByEmail: call('POST', '/wps/member/password/reset', 'FORGOTPWDEMAIL3', { encrypted: true }),
  forgotPasswordByPhone: call('POST', '/wps/member/password/verification', 'FORGOTPWDMOBILE3', { encrypted: true }),
  memberIcon: call('POST', '/wps/member/info/icon', 'MEMBER', { token: true }),
  // The spec's update-language action (section 4 "Language change") names no path.
  updateLanguage: call('PUT', '/wps/member/language', 'MEMBER', { token: true }),
  // Not in the spec's list: the second login step (new IP, NEWIPVERIFY3, or two-step verification, TWOFA3).
  loginVerificationSend: call('POST', '/wps/session/login/verification/code', 'LOGIN3'),
  loginVerification: call('POST', '/wps/session/login/verification', 'LOGIN3', { encrypted: true }),
  // Not in the spec's list: the security centre (securityCenter) and profile pages.
  memberSecurity: call('GET', '/wps/member/security', 'MEMBER', { token: true }),
  twoFactorSetup: call('POST', '/wps/member/security/2fa/setup', 'TWOFA3', { token: true }),
  twoFactorEnable: call('POST', '/wps/member/security/2fa/enable', 'TWOFA3', { token: true }),
  twoFactorDisable: call('POST', '/wps/member/security/2fa/disable', 'MEMBER', { token: true, encrypted: true }),
  bindMobileCode: call('POST', '/wps/member/security/mobile/code', 'MEMBER', { token: true }),
  bindMobile: call('POST', '/wps/member/security/mobile', 'MEMBER', { token: true }),
  bindEmailCode: call('POST', '/wps/member/security/email/code', 'MEMBER', { token: true }),
  bindEmail: call('POST', '/wps/member/security/email', 'MEMBER', { token: true }),
  memberProfile: call('GET', '/wps/member/profile', 'MEMBER', { token: true }),
  updateMemberProfile: call('POST', '/wps/member/profile', 'MEMBER', { token: true }),
  // Not in the spec's list: one-click login (OAUTHLOGIN3) with the OpenID Connect providers of OIDC_PROVIDERS. The
  // start and callback calls are browser navigations (redirects), not API calls.
  oidcProviders: call('GET', '/wps/session/oidc/providers', 'OAUTHLOGIN3'),
  oidcStart: call('GET', '/wps/session/oidc/:provider/start', 'OAUTHLOGIN3'),
  oidcCallback: call('GET', '/wps/session/oidc/:provider/callback', 'OAUTHLOGIN3'),
  fundsConsolidated: call('GET', '/wps/member/info/funds/consolidated', 'AGENTPOLICY3', { token: true }),
  affiliateCheck: call('POST', '/wps/agent/affiliate', 'REGISTER3'),
  captcha: call('GET', '/wps/captcha', null),
  walletBalance: call('GET', '/wps/v2/wallets/balance', 'CASHIER', { token: true }),
  // Not in the spec's list: the realtime WebSocket (ARCHITECTURE.md section 7). Browsers cannot set headers on a
  // WebSocket, so the token travels in the socket's first message and the server checks it there, not on the upgrade.
  realtime: call('GET', '/wps/realtime', null, { token: true }),
  registerSmsCode: call('POST', '/wps/verification/sms/register', 'REGMOBVERF3'),
  feedback: call('PUT', '/wps/feedback', 'FEEDBACK3'),
  // Games
  gameMenus: call('GET', '/lgw/games/game_menus', 'GAME'),
  vnGameMenu: call('GET', '/lgw/vn/games/game_menu', 'LOTTERY3'),
  vnGameMenuRecent: call('GET', '/lgw/vn/games/game_menu/recent', 'LOTTERY3', { token: true }),
  vnOpenedNumbers: call('GET', '/lgw/vn/numeros/opened/game', 'LOTTERY3'),
  lottoOpenedNumbers: call('GET', '/lotto/lgw/games/opened/numero', 'LOTTERY3', { token: true }),
  launchGame: call('POST', '/wps/game/launchGame', 'GAMELAUNCH3', { token: true }),
  // The spec's "start game (startGameV2)" names no path. No token flag: visitors may start a free trial; a real-money
  // start reads the session itself and answers AUTH_REQUIRED without one.
  startGameV2: call('POST', '/wps/game/startGameV2', 'GAMELAUNCH3'),
  // Not in the spec's list: the member centre's game recall (the member's last 10 rounds).
  gameRecall: call('GET', '/wps/game/recall', 'MEMBER', { token: true }),
  // Not in the spec's list: the vendor's page with one recalled round's details (Hub88 game/round).
  gameRoundDetails: call('GET', '/wps/game/recall/round', 'MEMBER', { token: true }),
  // Not in the spec's list: the in-house games (INHOUSE, /bgs). They run in the game frame and carry the launch's
  // game token (X-Game-Token) instead of the portal session, like a vendor's game.
  inhouseSeed: call('GET', '/inhouse/api/seed', 'GAMELAUNCH3'),
  inhouseRotateSeed: call('POST', '/inhouse/api/seed/rotate', 'GAMELAUNCH3'),
  inhousePlay: call('POST', '/inhouse/api/play', 'GAMELAUNCH3'),
  inhouseRounds: call('GET', '/inhouse/api/rounds', 'GAMELAUNCH3'),
  inhouseVerify: call('POST', '/inhouse/api/verify', 'GAMELAUNCH3'),
  // Relay calls
  walletTransfer: relay('GCS_walletTransfer', 'WALLETTRANSFER3', { token: true }),
  gameLaunchFb: relay('GCS_gameLaunchFB', 'GAMELAUNCH3', { token: true }),
  gameList: relay('GCSGAME_gameList', 'GAME'),
  hotGames: relay('GCSGAME_hotGamesV2', 'GAME'),
  vassalageGameTypes: relay('GCSGAME_getVassGameType', 'GAME'),
  newGameVendor: relay('GCSGAME_newGameVendor', 'GAME'),
  favoriteGames: relay('MCSFE_getFavoriteGames', 'FAVORITE3', { token: true }),
  favoriteGamesList: relay('MCSFE_getFavoriteGamesList', 'FAVORITE3', { token: true }),
  addFavoriteGame: relay('MCSFE_addFavoriteGameV2', 'FAVORITE3', { token: true }),
  removeFavoriteGame: call('DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2', 'FAVORITE3', { token: true }),
  recentGames: relay('GCS_recentGame', 'RECENTGAME3', { token: true }),
  roomList: relay('GLS2_roomList', 'GAME'),
  announcements: relay('MCSFE_getListAnnouncements', 'ANNOUNCEMENT3'),
  // Not in the spec's list: one announcement by id (the popups' detail pane and deep links).
  announcementDetail: relay('MCSFE_getAnnouncement', 'ANNOUNCEMENT3'),
  // Not in the spec's list: news, blog and beginner-guide articles (spec section 2 names the pages, not the calls).
  articles: call('GET', '/wps/content/articles', 'CONTENT'),
  articleDetail: call('GET', '/wps/content/articles/:id', 'CONTENT'),
  missionSummary: relay('MCSFE_getMissionSummaryDetails', 'MISSION3', { token: true }),
  missionLeaderboard: relay('MCSFE_getMissionLeaderboard', 'MISSION3'),
  dividendRequest: relay('MCS2_processDividendReq', 'DIVIDEND3', { token: true }),
  dailySalaryContract: relay('MCS2_processDailySalContract', 'DAILYSALARY3', { token: true }),
  hourSalaryContract: relay('MCS2_processContractHourSalary', 'HOURSALARY3', { token: true }),
  realTimeSalaryContract: relay('MCSFE_processRealTimeSalaryContract', 'REALTIMESALARY3', { token: true }),
  merchantWallet: relay('GCS_merchantWallet', 'CASHIER'),
  rankList: relay('GCSGAME_getRankList', 'WINNERBOARD3'),
  claimRafflePromotion: relay('MCS2_claimRafflePromotion', 'PROMOTION', { token: true }),
  unreadCount: relay('CSP_unreadCount', 'INBOX3', { token: true }),
  // The inbox (member-centre page messageV2): the spec names the page but not its calls; these follow its style.
  inboxMessages: call('GET', '/wps/member/messages', 'INBOX3', { token: true }),
  inboxRead: call('POST', '/wps/member/messages/read', 'INBOX3', { token: true }),
  inboxDelete: call('DELETE', '/wps/member/messages', 'INBOX3', { token: true }),
  pointBalance: relay('MCS2_getPointBalance', 'POINTMALL3', { token: true }),
  pointRewards: relay('MCS2_getPointReward', 'POINTMALL3'),
  redeemPointList: relay('MCS2_getRedeemPointList', 'POINTMALL3', { token: true }),
  pointConfig: relay('MCS2_getPointConfig', 'POINTMALL3'),
  // Not in the spec's list: the member's goods redemptions (the points mall's "redeem history"), in its style.
  redeemGoodsList: relay('MCS2_getRedeemGoodsList', 'POINTMALL3', { token: true }),
  memberTransactionDetails: relay('ODSFE2_MemTransDet', 'MEMBER', { token: true }),
  chatModelList: relay('CBS_modelList', 'LIVECHAT3'),
  launchChat: relay('CBS_launchChat', 'LIVECHAT3'),
  // Not in the spec's list: the live-chat WebSocket the chatUrl page opens (authenticated by the chat token).
  supportChat: call('GET', '/wps/support/chat', 'LIVECHAT3'),
  redeemPointReward: relay('passwordCheck/MCS2_redeemPointReward', 'POINTMALL3', { token: true, encrypted: true }),
  convertPoint: relay('passwordCheck/MCS2_convertPoint', 'POINTMALL3', { token: true, encrypted: true }),
  // Cashier: the spec names the member-centre pages (depositv2, withdraw, transferUpline, transactionHistory)
  // but not their calls; these follow its style. Money-moving ones take an Idempotency-Key header.
  paymentPasswordSet: call('POST', '/wps/member/payment-password', 'MEMBER', { token: true, encrypted: true }),
  paymentPasswordChange: call('PUT', '/wps/member/payment-password', 'MEMBER', { token: true, encrypted: true }),
  bankAccounts: call('GET', '/wps/member/bank-accounts', 'CASHIER', { token: true }),
  addBankAccount: call('POST', '/wps/member/bank-accounts', 'CASHIER', { token: true, encrypted: true }),
  removeBankAccount: call('DELETE', '/wps/member/bank-accounts', 'CASHIER', { token: true }),
  depositChannels: call('GET', '/wps/cashier/deposit/channels', 'DEPOSIT3', { token: true }),
  deposit: call('POST', '/wps/cashier/deposit', 'DEPOSIT3', { token: true }),
  // Multipart (receipt images), so never encrypted.
  manualDeposit: call('POST', '/wps/cashier/deposit/manual', 'DEPOSIT3', { token: true }),
  depositStatus: call('GET', '/wps/cashier/deposit/status', 'DEPOSIT3', { token: true }),
  withdrawInfo: call('GET', '/wps/cashier/withdraw/info', 'WITHDRAW3', { token: true }),
  withdraw: call('POST', '/wps/cashier/withdraw', 'WITHDRAW3', { token: true, encrypted: true }),
  withdrawals: call('GET', '/wps/cashier/withdrawals', 'WITHDRAW3', { token: true }),
  withdrawConfirm: call('POST', '/wps/cashier/withdraw/confirm', 'WITHDRAW3', { token: true }),
  transferUpline: call('POST', '/wps/cashier/transfer/upline', 'TRANSFERUPLINE3', { token: true, encrypted: true }),
  transferDownline: call('POST', '/wps/cashier/transfer/downline', 'AGENTCENTER3', { token: true, encrypted: true }),
  cashierRecords: call('GET', '/wps/cashier/records', 'MEMBER', { token: true }),
  // Not in the spec's list: the member-centre pages personalProfit and bonusDetails, and the forgotten payment
  // password (a code to the bound mobile, or the login password when none is bound).
  personalProfit: call('GET', '/wps/report/personal/profit', 'MEMBER', { token: true }),
  bonusDetails: call('GET', '/wps/report/bonus/details', 'MEMBER', { token: true }),
  paymentPasswordResetCode: call('POST', '/wps/member/payment-password/reset/code', 'MEMBER', { token: true }),
  paymentPasswordReset: call('POST', '/wps/member/payment-password/reset', 'MEMBER', { token: true, encrypted: true }),
} as const satisfies Record<string, CallEntry>;

export type CallName = keyof typeof calls;

const byRoute = new Map<string, CallEntry>(
  Object.values(calls).map((entry) => [`${entry.method} ${entry.path}`, entry]),
);

/** Finds the call table entry for a method and route path, if the table has one. */
export function findCall(method: string, path: string): CallEntry | undefined {
  return byRoute.get(`${method.toUpperCase()} ${path}`);
}
