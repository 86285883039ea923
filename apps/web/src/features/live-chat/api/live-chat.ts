import { calls, type LaunchChatResult, launchChatResultSchema } from '@portal/contract';
import { apiCall } from '@/lib/api-client';
import { readStorage, writeStorage } from '@/lib/storage';

const tokenKey = 'liveChatToken';

/**
 * `CBS_launchChat`: starts (or, for a member, continues) a chat. The session token goes along when there is one,
 * so a member chats under their account; a visitor gives a name.
 */
export function launchChat(name?: string): Promise<LaunchChatResult> {
  return apiCall(
    { ...calls.launchChat, token: true },
    { body: name === undefined ? {} : { name }, schema: launchChatResultSchema },
  );
}

/** The chat token of this tab's conversation (kept for the tab's life, cleared on logout with the session). */
export function storedChatToken(): string | null {
  return readStorage('sessionStorage', tokenKey);
}

export function storeChatToken(token: string | null): void {
  writeStorage('sessionStorage', tokenKey, token);
}

/**
 * Moves a `chatToken` from the address bar (the chatUrl) into sessionStorage, so the token is neither bookmarked
 * nor shared with the link. Returns the token now stored, if any.
 */
export function adoptChatTokenFromUrl(location: Location = window.location, history: History = window.history) {
  const url = new URL(location.href);
  const token = url.searchParams.get('chatToken');
  if (token) {
    storeChatToken(token);
    url.searchParams.delete('chatToken');
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  return storedChatToken();
}
