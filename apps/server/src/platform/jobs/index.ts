export {
  advisoryLockKey,
  createInProcessLeaderLock,
  createPostgresLeaderLock,
  type LeaderLock,
} from './leader-lock';
export {
  createJobScheduler,
  type Job,
  type JobScheduler,
  type JobSchedulerOptions,
  type TickResult,
} from './scheduler';
