import { describe, expect, it } from 'vitest';
import { announcementFixture } from '../testing';
import {
  audiencesOf,
  closedPopupIds,
  eligiblePopups,
  markPopupsClosed,
  markShownThisSession,
  popupsToShow,
  wasShownThisSession,
} from './popup-rules';

const forEveryone = announcementFixture({ id: 1, audiences: ['A', 'B'] });
const forVisitors = announcementFixture({ id: 2, audiences: ['B'] });
const forMembers = announcementFixture({ id: 3, audiences: ['A'] });
const forFirstLogin = announcementFixture({ id: 4, audiences: ['F'] });
const popups = [forEveryone, forVisitors, forMembers, forFirstLogin];
const ids = (list: { id: number }[]) => list.map((item) => item.id);

describe('popup rules', () => {
  it('maps visitors to B, logged-in players to A and a first login to A and F', () => {
    expect(audiencesOf('visitor', false)).toEqual(['B']);
    expect(audiencesOf('member', false)).toEqual(['A']);
    expect(audiencesOf('agent', false)).toEqual(['A']);
    expect(audiencesOf('trial', false)).toEqual(['A']);
    expect(audiencesOf('member', true)).toEqual(['A', 'F']);
    expect(audiencesOf('loading', false)).toEqual([]);
    expect(audiencesOf('passwordChange', true)).toEqual([]);
  });

  it('picks the popups of the audience', () => {
    expect(ids(eligiblePopups(popups, ['B'], new Set()))).toEqual([1, 2]);
    expect(ids(eligiblePopups(popups, ['A'], new Set()))).toEqual([1, 3]);
    expect(ids(eligiblePopups(popups, ['A', 'F'], new Set()))).toEqual([1, 3, 4]);
  });

  it('shows popups once per session for each audience', () => {
    expect(ids(popupsToShow(popups, ['B']))).toEqual([1, 2]);
    markShownThisSession(['B']);
    expect(wasShownThisSession(['B'])).toBe(true);
    expect(popupsToShow(popups, ['B'])).toEqual([]);
    // Logging in makes the player another audience, whose popups have not been shown yet.
    expect(ids(popupsToShow(popups, ['A']))).toEqual([1, 3]);
    // A new session (the session store is cleared between tests, and at logout) shows them again.
    sessionStorage.clear();
    expect(ids(popupsToShow(popups, ['B']))).toEqual([1, 2]);
  });

  it('leaves out popups marked closed, also in later sessions', () => {
    markPopupsClosed([1]);
    expect([...closedPopupIds()]).toEqual([1]);
    expect(ids(popupsToShow(popups, ['B']))).toEqual([2]);
    sessionStorage.clear();
    expect(ids(popupsToShow(popups, ['B']))).toEqual([2]);
    markPopupsClosed([2]);
    expect(popupsToShow(popups, ['B'])).toEqual([]);
  });

  it('shows nothing while the audience is not known yet, and survives a damaged store', () => {
    expect(popupsToShow(popups, [])).toEqual([]);
    localStorage.setItem('contentPopupClosed', '{not json');
    sessionStorage.setItem('contentPopupShown', '42');
    expect(ids(popupsToShow(popups, ['B']))).toEqual([1, 2]);
  });
});
