/** English texts of the news, blog and beginner-guide pages (and the footer links to them). */
export const articlesEn = {
  articles: {
    kinds: {
      news: 'News',
      blog: 'Blog',
      guide: 'Beginner guide',
    },
    intros: {
      news: 'Announcements about new games, features and events.',
      blog: 'Tips, stories and a closer look at the games.',
      guide: 'Everything a new player needs: deposits, withdrawals and playing responsibly.',
    },
    sections: 'Article sections',
    winners: 'Winners',
    readMore: 'Read: {{title}}',
    read: 'Read more',
    published: 'Published {{date}}',
    englishOnly: 'This article is not yet available in your language; it is shown in English.',
    backTo: 'Back to {{section}}',
    empty: 'Nothing here yet',
    emptyBody: 'New articles will appear here as soon as they are published.',
    loadFailed: 'The articles could not be loaded.',
    notFoundTitle: 'Article not available',
    retry: 'Try again',
    pager: {
      nav: 'Pages',
      previous: 'Previous page',
      next: 'Next page',
      page: 'Page {{page}}',
    },
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language must fill: the same keys as English, any text. */
export type ArticlesMessages = Widen<typeof articlesEn>;
