import type { Db } from '../../platform/db';
import type { Job } from '../../platform/jobs';
import * as repo from './points.repository';
import { earnKey, type PointsService, type PointsSettings, settingsToJson } from './points.service';

/** A round as the gaming module's public service gives it (`GamingService.roundsAfter`). */
export type PlayedRound = {
  id: number;
  accountId: number;
  category: string;
  currency: string;
  stakeMinor: bigint;
  status: string;
  startedAt: Date;
};

export type PointsJobDeps = {
  db: Db;
  merchantCode: string;
  points: PointsService;
  /** Rounds after a round id, in id order (gaming module's index.ts: `gaming.roundsAfter`). */
  rounds: (afterId: number, limit: number) => Promise<PlayedRound[]>;
  currency: () => Promise<{ code: string }>;
  /**
   * Whether an account collects points (identity module): real members and agents do; trial (play-money) accounts
   * do not, as the points mall serves real accounts only. Everyone when absent.
   */
  earnsPoints?: (accountId: number) => Promise<boolean>;
  settings: {
    earnIntervalSeconds: number;
    recoveryIntervalSeconds: number;
    /** A conversion whose hold is older than this is finished by the recovery job. */
    conversionStaleMinutes: number;
  };
};

export const pointsJobNames = {
  earnFromPlay: 'promotions.pointsEarnFromPlay',
  recoverConversions: 'promotions.pointsRecoverConversions',
} as const;

/** Rounds read per page, and pages per run (the rest waits for the next run). */
const pageSize = 500;
const pagesPerRun = 20;
/**
 * An open round younger than this holds the watermark back (it may still settle); an older one is given up, so one
 * abandoned round cannot make every run read everything after it again.
 */
const openRoundHorizonMs = 6 * 3_600_000;
/**
 * Rounds younger than this also hold the watermark back: a round's id is taken when its insert starts, so a
 * slower transaction can commit a smaller id after a larger one has been read.
 */
const commitSkewMs = 60_000;

/** The points one settled round earns: whole steps of its stake under its category's rule (or the ALL rule). */
export function pointsForRound(round: Pick<PlayedRound, 'category' | 'stakeMinor'>, settings: PointsSettings): bigint {
  const rule =
    settings.earnRules.find((entry) => entry.category === round.category) ??
    settings.earnRules.find((entry) => entry.category === 'ALL');
  if (!rule || rule.turnoverMinor <= 0n || round.stakeMinor <= 0n) return 0n;
  return (round.stakeMinor / rule.turnoverMinor) * rule.points;
}

/**
 * Awards points for settled play (spec: points mall; ARCHITECTURE.md section 6): reads the rounds after its
 * watermark through the gaming module's service, credits each settled round's points under the key
 * `points-earn:<round id>` (so a re-run, or two overlapping runs, award each round once), and moves the watermark
 * past every round that can no longer change: settled, rolled back, or open for longer than the horizon.
 */
export async function earnPointsFromPlay(deps: PointsJobDeps, now: Date) {
  const settings = await deps.points.loadSettings();
  const { code } = await deps.currency();
  const start = await repo.earnWatermark(deps.db, deps.merchantCode);
  let after = start;
  let watermark = start;
  let held = false;
  let rounds = 0;
  let awarded = 0;
  let points = 0n;
  const earners = new Map<number, Promise<boolean>>();
  const earns = (accountId: number) => {
    if (!deps.earnsPoints) return Promise.resolve(true);
    let known = earners.get(accountId);
    if (!known) {
      known = deps.earnsPoints(accountId);
      earners.set(accountId, known);
    }
    return known;
  };
  for (let page = 0; page < pagesPerRun; page += 1) {
    const batch = await deps.rounds(after, pageSize);
    for (const round of batch) {
      rounds += 1;
      after = round.id;
      const age = now.getTime() - round.startedAt.getTime();
      if (round.status === 'closed' && round.currency === code) {
        const earned = pointsForRound(round, settings);
        if (earned > 0n && (await earns(round.accountId))) {
          const transfer = await deps.points.award(round.accountId, earned, earnKey(round.id), 'Points from play', {
            roundId: round.id,
          });
          if (!transfer.replayed) {
            awarded += 1;
            points += earned;
          }
        }
      }
      const settled = round.status !== 'open' || age > openRoundHorizonMs;
      if (!settled || age < commitSkewMs) held = true;
      if (!held) watermark = round.id;
    }
    if (batch.length < pageSize) break;
  }
  if (watermark > start) {
    await repo.advanceEarnWatermark(deps.db, { ...settingsRow(settings, deps.merchantCode, now) }, watermark);
  }
  return { rounds, awarded, points: points.toString(), watermark };
}

/** A settings row holding the current settings, for the watermark's first write (before any operator saved). */
function settingsRow(settings: PointsSettings, merchantCode: string, now: Date) {
  const json = settingsToJson(settings);
  return {
    merchantCode,
    ratioPoints: settings.ratioPoints,
    ratioAmountMinor: settings.ratioAmountMinor,
    minPoints: settings.minPoints,
    packages: json.packages,
    earnRules: json.earnRules,
    updatedAt: now,
    updatedBy: null,
  };
}

/** The points mall's periodic work for the job scheduler (one leader per cluster runs it); both are idempotent. */
export function pointsJobs(deps: PointsJobDeps): Job[] {
  return [
    {
      name: pointsJobNames.earnFromPlay,
      intervalMs: deps.settings.earnIntervalSeconds * 1000,
      run: (now) => earnPointsFromPlay(deps, now),
    },
    {
      name: pointsJobNames.recoverConversions,
      intervalMs: deps.settings.recoveryIntervalSeconds * 1000,
      run: (now) => deps.points.recoverConversions(now, deps.settings.conversionStaleMinutes * 60_000),
    },
  ];
}
