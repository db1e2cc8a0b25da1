// CPU time of a process and its descendants (tsx runs the store in a child of the pid we
// spawn), from /proc: on a machine shared with other work, CPU seconds per request says what a
// store can serve where req/s only says what it got. Linux only; null elsewhere.
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state(0) ppid(1) … utime(11) stime(12).
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** CPU seconds used so far by `pid` and every process below it; null without /proc. */
export function treeCpuSeconds(pid) {
  let pids;
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return null;
  }
  const stats = new Map(pids.map((p) => [p, stat(p)]).filter(([, s]) => s !== null));
  const inTree = (p) => {
    for (let at = p; at > 1; at = stats.get(at)?.ppid ?? 0) if (at === pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [p, s] of stats) if (inTree(p)) ticks += s.ticks;
  return ticks / TICKS_PER_SECOND;
}
