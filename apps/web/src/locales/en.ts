/**
 * English texts of the player web app. They are merged over the contract's shared catalogue
 * (errors, validation) into one i18next namespace; `errors` here adds the client-side codes.
 * Placeholders use i18next syntax: `{{name}}`.
 */
export const en = {
  app: {
    loading: 'Loading',
    retry: 'Try again',
    reload: 'Reload page',
    backHome: 'Back to home',
    skipToContent: 'Skip to main content',
    startupErrorTitle: 'We could not open the site',
    startupErrorBody: 'The site settings could not be loaded. Check your connection and try again.',
    crashTitle: 'Something went wrong',
    crashBody: 'The page hit an unexpected problem. Reload the page to continue.',
    routeErrorTitle: 'This page could not be opened',
    routeErrorBody:
      'Part of the page failed to load, usually because of a connection problem or a new version of the site. Reload the page to continue.',
    notFoundTitle: 'Page not found',
    notFoundBody: 'The page you are looking for does not exist or has moved.',
    errorCode: 'Error code: {{code}}',
  },
  errors: {
    NETWORK: 'Network link is abnormal, please try again',
    TIMEOUT: 'The page took longer time to load, please check your network connectivity',
    RESPONSE_INVALID: 'The server sent an answer this page cannot read. Please refresh the page and try again.',
  },
  language: {
    label: 'Language',
    choose: 'Choose language',
  },
  status: {
    maintenance: {
      title: 'System maintenance',
      info: 'We are upgrading our system to serve you better. Your account and balance are safe. Please come back when the maintenance is over.',
      endsAt: 'Expected to end',
      endsIn: 'Time remaining',
      endUnknown: 'The end time will be announced soon.',
      overdue:
        'The maintenance is taking a little longer than announced. This page checks regularly and reopens the site as soon as it is back.',
      checkAgain: 'Check again',
      days: 'Days',
      hours: 'Hours',
      minutes: 'Minutes',
      seconds: 'Seconds',
    },
    region: {
      title: 'Access restricted',
      ipLabel: 'Your IP address',
      info: 'Our service is not available in your country or region. If you believe this is a mistake, please contact customer service.',
    },
  },
  customerService: {
    title: 'Customer service',
    contact: 'Contact customer service',
    opensInNewTab: 'opens in a new tab',
    types: {
      LIVECHAT: 'Live chat',
      FACEBOOK: 'Facebook',
      TELEGRAM: 'Telegram',
      WHATSAPP: 'WhatsApp',
      EMAIL: 'E-mail',
      PHONE: 'Phone',
      ZALO: 'Zalo',
      LINE: 'LINE',
    },
  },
  layout: {
    home: 'Home',
    mainNavigation: 'Main navigation',
    footer: {
      customerService: 'Customer service',
      downloads: 'Get the app',
      help: 'Help',
      helpCenter: 'Help centre',
      terms: 'Terms and conditions',
      copyright: '© {{year}} {{site}}. All rights reserved.',
      adultsOnly: '18+',
      responsible: 'Players must be 18 or older. Please play responsibly.',
    },
    resources: {
      ANDROID: 'Android app',
      IOS: 'iOS app',
      LITE_APP: 'Lite app',
      TELEGRAM: 'Telegram channel',
      WHATSAPP: 'WhatsApp',
      LICENCE: 'Licence',
    },
  },
  home: {
    welcome: 'Welcome to <site>{{site}}</site>',
    tagline: 'Live casino, slots, sports and lottery — all in one place.',
    supportTitle: 'We are here to help',
    supportBody: 'Reach our customer service team through any of the channels below.',
  },
  help: {
    title: 'Help centre',
    categories: 'Help categories',
    articles: 'Articles in this category',
    empty: 'No help articles are available yet.',
    loadError: 'The help centre could not be loaded.',
  },
  /** The spec's own message keys (section 8), kept under their names so they can be traced. */
  prompts: {
    in_popup_prompt: 'Prompt',
    in_sure_logout: 'Are you sure you want to log out?',
    in_more_cancel: 'Cancel',
    in_increase_submit: 'Confirm',
    in_need_true_account: 'You need a real account for this. Register now — it only takes a minute.',
    in_been_out:
      'If the username and e-mail match an account, we have sent a password reset link to that e-mail. Please check your inbox.',
  },
  /** Texts of the header's account corner; the identity dialogs' own texts load with them (locales/identity). */
  auth: {
    login: {
      open: 'Log in',
    },
    register: {
      open: 'Register',
    },
    account: {
      menu: 'Account menu',
      myAccount: 'My account',
      agentCentre: 'Agent centre',
      changePassword: 'Change password',
      registerReal: 'Register a real account',
      logInReal: 'Log in to my account',
      signOut: 'Sign out',
      signingOut: 'Signing out',
      roles: {
        member: 'Member',
        agent: 'Agent',
        trial: 'Trial',
      },
    },
  },
  ui: {
    close: 'Close',
    dismiss: 'Dismiss notification',
    loading: 'Loading',
    notifications: 'Notifications',
    pager: {
      label: 'Pages',
      previous: 'Previous page',
      next: 'Next page',
      page: 'Page {{page}}',
      more: 'More pages',
    },
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language must fill: the same keys as English, any text. */
export type WebMessages = Widen<typeof en>;
