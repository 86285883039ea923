import type { LeaderLock } from './leader-lock';

/** A periodic job. `run` must be idempotent: a crash can cut it short and the next leader runs it again. */
export type Job = {
  name: string;
  intervalMs: number;
  run(now: Date): Promise<unknown>;
};

export type TickResult = 'ran' | 'not-leader' | 'busy' | 'failed' | 'stopped';

type SchedulerLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
  debug(details: object, message: string): void;
};

export type JobSchedulerOptions = {
  lock: LeaderLock;
  log: SchedulerLog;
  now?: () => Date;
};

/**
 * Runs the server's periodic jobs (ARCHITECTURE.md section 6) on one instance of the cluster: at each job's tick
 * the scheduler asks the leader lock first, so with N instances only the leader runs anything, and when the
 * leader goes another instance takes over at its next tick. A job never overlaps itself; a failed run is logged
 * and retried at the next tick. Modules register their jobs; the platform knows none of them.
 */
export function createJobScheduler(options: JobSchedulerOptions) {
  const now = options.now ?? (() => new Date());
  const jobs = new Map<string, Job>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const running = new Map<string, Promise<TickResult>>();
  let started = false;
  let stopped = false;
  let leader = false;

  async function runJob(job: Job): Promise<TickResult> {
    if (stopped) return 'stopped';
    if (running.has(job.name)) return 'busy';
    const attempt = (async (): Promise<TickResult> => {
      const isLeader = await options.lock.acquire();
      if (isLeader !== leader) {
        leader = isLeader;
        options.log.info(
          { leader, lock: options.lock.kind },
          isLeader ? 'job leader: this instance' : 'job leader lost',
        );
      }
      if (!isLeader || stopped) return isLeader ? 'stopped' : 'not-leader';
      const startedAt = performance.now();
      try {
        const result = await job.run(now());
        options.log.debug({ job: job.name, result, ms: Math.round(performance.now() - startedAt) }, 'job ran');
        return 'ran';
      } catch (error) {
        options.log.error({ err: error, job: job.name }, 'job failed; it runs again at its next tick');
        return 'failed';
      }
    })();
    running.set(job.name, attempt);
    try {
      return await attempt;
    } finally {
      running.delete(job.name);
    }
  }

  function schedule(job: Job): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      void runJob(job).finally(() => schedule(job));
    }, job.intervalMs);
    // Jobs never keep the process alive on their own.
    timer.unref?.();
    timers.set(job.name, timer);
  }

  return {
    /** Adds a job; before `start`, or after it (then it is scheduled at once). */
    register(job: Job): void {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} registered twice`);
      if (!(job.intervalMs > 0)) throw new Error(`job ${job.name}: intervalMs must be positive`);
      jobs.set(job.name, job);
      if (started) schedule(job);
    },

    /** Schedules every registered job; each first runs one interval after the start. */
    start(): void {
      if (started || stopped) return;
      started = true;
      for (const job of jobs.values()) schedule(job);
    },

    /**
     * One tick of a job now, as its timer would run it (leader check included). For tests and operator tooling.
     * @throws Error when no job has that name.
     */
    tick(name: string): Promise<TickResult> {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job named ${name}`);
      return runJob(job);
    },

    /** Whether the last lock check made this instance the leader. */
    isLeader: () => leader,

    jobNames: () => [...jobs.keys()],

    /** Stops the timers, waits for runs in progress, then gives the leader lock up for another instance. */
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running.values()]);
      leader = false;
      await options.lock.release();
    },
  };
}

export type JobScheduler = ReturnType<typeof createJobScheduler>;
