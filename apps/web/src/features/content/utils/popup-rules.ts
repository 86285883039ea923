import type { Announcement, AnnouncementAudience } from '@portal/contract';
import type { LoginStatus } from '@/lib/session';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * The popup rules of spec section 2: popups are shown once per session unless marked closed; each popup names
 * its audiences, A (logged in), B (visitors) and F (first-time login).
 */

/** sessionStorage: the audience sets whose popups this session already showed. */
export const popupShownKey = 'contentPopupShown';
/** localStorage: ids of popups the player marked closed ("don't show again"). */
export const popupClosedKey = 'contentPopupClosed';

/**
 * The audiences a visitor belongs to: B for visitors; A for anyone logged in (members, agents and trial
 * accounts), plus F on the first login. None while the session is still loading or a password must change.
 */
export function audiencesOf(status: LoginStatus, firstTimeLogin: boolean): AnnouncementAudience[] {
  switch (status) {
    case 'visitor':
      return ['B'];
    case 'member':
    case 'agent':
    case 'trial':
      return firstTimeLogin ? ['A', 'F'] : ['A'];
    default:
      return [];
  }
}

/** Popups meant for one of the audiences and not marked closed, in their order. */
export function eligiblePopups(
  popups: readonly Announcement[],
  audiences: readonly AnnouncementAudience[],
  closedIds: ReadonlySet<number>,
): Announcement[] {
  return popups.filter(
    (popup) => !closedIds.has(popup.id) && popup.audiences.some((audience) => audiences.includes(audience)),
  );
}

function readIds(raw: string | null): number[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((value): value is number => Number.isInteger(value)) : [];
  } catch {
    return [];
  }
}

function readKeys(raw: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : [];
  } catch {
    return [];
  }
}

export function closedPopupIds(): Set<number> {
  return new Set(readIds(readStorage('localStorage', popupClosedKey)));
}

/** "Don't show again": these popups stay closed on this device, in later sessions too. */
export function markPopupsClosed(ids: readonly number[]): void {
  const next = new Set([...closedPopupIds(), ...ids]);
  writeStorage('localStorage', popupClosedKey, JSON.stringify([...next].slice(-200)));
}

const audienceKey = (audiences: readonly AnnouncementAudience[]) => [...audiences].sort().join('');

export function wasShownThisSession(audiences: readonly AnnouncementAudience[]): boolean {
  return readKeys(readStorage('sessionStorage', popupShownKey)).includes(audienceKey(audiences));
}

export function markShownThisSession(audiences: readonly AnnouncementAudience[]): void {
  const keys = new Set(readKeys(readStorage('sessionStorage', popupShownKey)));
  keys.add(audienceKey(audiences));
  writeStorage('sessionStorage', popupShownKey, JSON.stringify([...keys]));
}

/**
 * The popups to open by themselves now: those eligible for the audiences, unless this session already showed
 * popups to this audience set. Empty when nothing should open.
 */
export function popupsToShow(
  popups: readonly Announcement[],
  audiences: readonly AnnouncementAudience[],
): Announcement[] {
  if (audiences.length === 0 || wasShownThisSession(audiences)) return [];
  return eligiblePopups(popups, audiences, closedPopupIds());
}
