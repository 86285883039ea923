/** Navigation state set by in-app links to /help, so closing the modal can go back to where the player was. */
export type HelpLinkState = { fromApp: true };

export const helpLinkState: HelpLinkState = { fromApp: true };

export function isHelpLinkState(state: unknown): state is HelpLinkState {
  return typeof state === 'object' && state !== null && (state as Partial<HelpLinkState>).fromApp === true;
}
