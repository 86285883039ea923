// CPU time of PostgreSQL backends (user + system, from /proc; Linux only), for the benches' "database CPU per
// request": read the bench database's backends before and after a scenario, and take the difference.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 where it cannot be asked). */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU ticks of each backend by pid (a pool may close and open connections meanwhile; gone ones are skipped). */
export function backendCpuTicks(pids) {
  const ticks = new Map();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // gone, or not Linux
    }
  }
  return ticks;
}

/** Microseconds of backend CPU between two readings; a backend that closed in between is not counted (an undercount). */
export function backendCpuMicros(before, after) {
  let ticks = 0;
  for (const [pid, value] of after) ticks += value - (before.get(pid) ?? 0);
  return (ticks * 1_000_000) / ticksPerSecond;
}
