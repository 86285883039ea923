import type { FrameMessages } from './frame-en';

/**
 * English texts of the frame that the first paint needs (the header's menu button). They register with the root
 * layout (see ./index.ts); everything that loads after the first paint (navigation, side menu, floating bar,
 * footer, member corner and centre, app download) has its texts in ./frame-en.ts.
 */
export const layoutEn = {
  shell: {
    nav: {
      openMenu: 'Open menu',
    },
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language must fill: the same keys as English, any text. */
export type LayoutHeaderMessages = Widen<typeof layoutEn>;
/** Every text of the frame, for the typed `t`. */
export type LayoutMessages = LayoutHeaderMessages & FrameMessages;
