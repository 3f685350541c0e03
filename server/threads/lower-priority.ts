import { readlinkSync } from 'node:fs';
import { constants, getPriority, setPriority } from 'node:os';

/**
 * Marks the calling thread as background work: on Linux its scheduling priority drops (nice
 * +10), so when the CPU is short the kernel runs the thread that serves HTTP first. Returns the
 * thread's new nice value, or null where a thread's id is not known (not Linux).
 */
export function lowerThreadPriority(): number | null {
  try {
    // /proc/thread-self names this thread (not the process), as setpriority(2) takes it.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid)) return null;
    setPriority(tid, constants.priority.PRIORITY_BELOW_NORMAL);
    return getPriority(tid);
  } catch {
    return null;
  }
}
