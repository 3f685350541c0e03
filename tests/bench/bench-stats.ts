import { readdirSync, readFileSync } from 'node:fs';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

/** Busy and total jiffies of the whole machine, from /proc/stat (all processes: DB, broker...). */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** CPU use over a phase: this process (in cores) and the whole machine (busy share). */
export function cpuMeter() {
  const startProcess = process.cpuUsage();
  const startMachine = machineTicks();
  const startWall = performance.now();
  return () => {
    const used = process.cpuUsage(startProcess);
    const wallMs = performance.now() - startWall;
    const machine = machineTicks();
    return {
      processCores: (used.user + used.system) / 1000 / wallMs,
      machineBusy: (machine.busy - startMachine.busy) / (machine.total - startMachine.total),
    };
  };
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-CA');

/** Pids of a process and all its descendants (a tsx server runs node in a child process). */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i += 1) {
    for (const task of readdirSync(`/proc/${out[i]}/task`)) {
      const children = readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8').trim();
      if (children) out.push(...children.split(/\s+/).map(Number));
    }
  }
  return out;
}

/** User and system (kernel) CPU seconds used so far by a process tree, from /proc/<pid>/stat. */
export function processTreeCpuSeconds(pid: number): { user: number; system: number } {
  const ticksPerSecond = 100;
  let user = 0;
  let system = 0;
  for (const member of processTree(pid)) {
    const stat = readFileSync(`/proc/${member}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state; utime/stime are 14/15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    user += Number(fields[11]);
    system += Number(fields[12]);
  }
  return { user: user / ticksPerSecond, system: system / ticksPerSecond };
}

/**
 * CPU seconds used so far by every process whose command line contains `name` (PostgreSQL),
 * with the children they have reaped: a COPY's backend exits with its connection, and its time
 * then shows only in the postmaster's children's time.
 */
export function commandCpuSeconds(name: string): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(name)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / 100;
}
