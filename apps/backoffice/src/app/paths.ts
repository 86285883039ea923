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
} as const;

/** Why the sign-in page is shown, passed in the navigation state. */
export type LoginReason = 'expired' | 'signedOut';
