/**
 * English texts of the content screens: the notice marquee, banners, the announcement and notice popups, the
 * inbox (messageV2), the mail icon and the feedback dialog. They load with those screens (see ./index.ts).
 */
export const contentEn = {
  contentUi: {
    marquee: {
      label: 'Notices',
      open: 'Open notice: {{title}}',
      idle: 'Welcome! New notices from the site appear here. Play responsibly: 18+ only.',
    },
    banners: {
      label: 'Featured promotions',
      promotionLabel: 'Promotion highlights',
      slide: 'Slide {{index}} of {{count}}',
      goTo: 'Show slide {{index}}',
      previous: 'Previous slide',
      next: 'Next slide',
      imageMissing: 'Image not available',
    },
    popup: {
      announcements: 'Announcements',
      notices: 'Notices',
      list: 'Titles',
      dontShowAgain: "Don't show again",
      viewPromotion: 'View promotion',
      openLink: 'Open',
      close: 'Close',
      empty: 'There is nothing to show right now.',
      loadFailed: 'The announcements could not be loaded.',
      retry: 'Try again',
    },
    promotions: {
      title: 'Promotions',
      details: 'Details',
      empty: 'No promotions are running right now.',
    },
    pager: {
      nav: 'Pages',
      previous: 'Previous page',
      next: 'Next page',
      page: 'Page {{page}}',
    },
    inbox: {
      title: 'Messages',
      tab: 'Messages',
      unreadSummary_one: '{{count}} unread message',
      unreadSummary_other: '{{count}} unread messages',
      allRead: 'All messages read',
      markAllRead: 'Mark all as read',
      delete: 'Delete',
      deleteTitle: 'Delete this message?',
      deleteBody: 'The message "{{title}}" will be removed from your inbox.',
      cancel: 'Cancel',
      unread: 'Unread',
      emptyTitle: 'No messages yet',
      emptyBody: 'Messages from us and updates about your deposits and withdrawals appear here.',
      loadFailed: 'Your messages could not be loaded.',
      retry: 'Try again',
      quoteLabel: 'Your feedback',
      kinds: {
        operator: 'Message',
        deposit_arrived: 'Deposit',
        deposit_failed: 'Deposit',
        withdrawal_approved: 'Withdrawal',
        withdrawal_rejected: 'Withdrawal',
        feedback_reply: 'Feedback',
      },
    },
    mail: {
      label: 'Messages',
      labelUnread_one: 'Messages, {{count}} unread',
      labelUnread_other: 'Messages, {{count}} unread',
    },
    feedback: {
      title: 'Feedback',
      intro: 'Tell us what went wrong or what we can do better. Our team reads every message.',
      type: 'Type',
      typePlaceholder: 'Choose a type',
      types: {
        '1': 'Deposit',
        '2': 'Withdrawal',
        '3': 'Game',
        '4': 'Customer service',
        '6': 'Apply to be an agent',
        '0': 'Other',
      },
      description: 'Description',
      descriptionPlaceholder: 'Describe the problem or suggestion (20 to 200 characters)',
      counter: '{{count}} / {{max}}',
      name: 'Your name',
      namePlaceholder: 'How should we call you?',
      captcha: 'Captcha',
      captchaPlaceholder: 'Enter the characters',
      captchaImage: 'Captcha image',
      refreshCaptcha: 'Load another captcha',
      fieldEmpty: '{{field}} is empty',
      tooLong: 'At most {{max}} characters',
      submit: 'Send feedback',
      cancel: 'Cancel',
      sent: 'Thank you! Your feedback was sent.',
      sentTitle: 'Feedback sent',
    },
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language must fill: the same keys as English, any text. */
export type ContentMessages = Widen<typeof contentEn>;
