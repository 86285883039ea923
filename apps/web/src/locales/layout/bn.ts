import type { LayoutHeaderMessages } from './en';

/** Bengali texts of the portal's header (see ./en.ts). */
export const layoutBn: LayoutHeaderMessages = {
  shell: {
    nav: {
      openMenu: 'মেনু খুলুন',
    },
  },
};
