import type { ArticlesMessages } from './en';

/** Bengali texts of the news, blog and beginner-guide pages (same keys as English). */
export const articlesBn: ArticlesMessages = {
  articles: {
    kinds: {
      news: 'সংবাদ',
      blog: 'ব্লগ',
      guide: 'নতুনদের গাইড',
    },
    intros: {
      news: 'নতুন গেম, ফিচার ও ইভেন্টের খবর।',
      blog: 'টিপস, গল্প এবং গেমগুলোর খুঁটিনাটি।',
      guide: 'নতুন খেলোয়াড়ের যা যা জানা দরকার: ডিপোজিট, উত্তোলন এবং দায়িত্বশীলভাবে খেলা।',
    },
    sections: 'নিবন্ধের বিভাগ',
    winners: 'বিজয়ী',
    readMore: 'পড়ুন: {{title}}',
    read: 'আরও পড়ুন',
    published: 'প্রকাশিত {{date}}',
    englishOnly: 'এই নিবন্ধটি এখনও আপনার ভাষায় নেই; ইংরেজিতে দেখানো হচ্ছে।',
    backTo: '{{section}}-এ ফিরে যান',
    empty: 'এখানে এখনও কিছু নেই',
    emptyBody: 'নতুন নিবন্ধ প্রকাশিত হলেই এখানে দেখা যাবে।',
    loadFailed: 'নিবন্ধগুলো লোড করা যায়নি।',
    notFoundTitle: 'নিবন্ধটি পাওয়া যাচ্ছে না',
    retry: 'আবার চেষ্টা করুন',
    pager: {
      nav: 'পৃষ্ঠা',
      previous: 'আগের পৃষ্ঠা',
      next: 'পরের পৃষ্ঠা',
      page: 'পৃষ্ঠা {{page}}',
    },
  },
};
