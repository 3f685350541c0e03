import { describe, expect, it } from 'vitest';
import { createWorkQueue, QueueFull } from '../../../server/threads/work-queue.ts';

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open: () => open(), opened };
}

describe('a bounded work queue', () => {
  it('runs one task at a time, in order, and refuses those beyond the waiting room', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 2 });
    const first = gate();
    const started: string[] = [];
    const task = (name: string, wait?: Promise<void>) => async () => {
      started.push(name);
      await wait;
      return name;
    };
    const a = queue.run(task('a', first.opened));
    const b = queue.run(task('b'));
    const c = queue.run(task('c'));
    await expect(queue.run(task('d'))).rejects.toBeInstanceOf(QueueFull);
    expect(started).toEqual(['a']);
    first.open();
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(started).toEqual(['a', 'b', 'c']);
    // The slots are free again: a new task runs at once.
    expect(await queue.run(task('e'))).toBe('e');
  });

  it('frees the slot of a task that fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
