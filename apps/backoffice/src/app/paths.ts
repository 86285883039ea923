/** Paths of the console below its base (`/backoffice`). */
export const consolePaths = {
  login: '/login',
  settings: '/settings',
  features: '/features',
  registration: '/registration',
  customerService: '/customer-service',
  operators: '/operators',
  audit: '/audit',
  deposits: '/cashier/deposits',
  withdrawals: '/cashier/withdrawals',
  depositChannels: '/cashier/deposit-channels',
  dashboard: '/dashboard',
  players: '/players',
  player: '/players/:id',
  adjustments: '/adjustments',
  announcements: '/content/announcements',
  articles: '/content/articles',
  messages: '/content/messages',
  feedback: '/content/feedback',
  help: '/content/help',
  liveChat: '/live-chat',
  games: '/games',
  reports: '/reports',
  pointsMall: '/promotions/points-mall',
} as const;

/** The console path of one player's page. */
export const playerPath = (id: number) => `/players/${id}`;

/** Why the sign-in page is shown, passed in the navigation state. */
export type LoginReason = 'expired' | 'signedOut';
