import { describe, expect, it } from 'vitest';
import { BufferPool } from '../../../server/readings/buffer-pool.ts';
import { Float8Elements } from '../../../server/readings/float8-elements.ts';

describe('BufferPool', () => {
  it('hands out at least the bytes asked for, in power-of-two sizes from 64 KiB', () => {
    const pool = new BufferPool();
    expect(pool.take(10).length).toBe(64 * 1024);
    expect(pool.take(100_000).length).toBe(128 * 1024);
    expect(pool.take(128 * 1024).length).toBe(128 * 1024);
    // Past the largest size a buffer is made to measure and never kept.
    const huge = pool.take(9 * 1024 * 1024);
    expect(huge.length).toBe(9 * 1024 * 1024);
    pool.give(huge.buffer);
    expect(pool.idleCount()).toBe(0);
  });

  it('reuses the memory given back, and never hands one buffer to two holders', () => {
    const pool = new BufferPool();
    const first = pool.take(70_000);
    pool.give(first.buffer);
    pool.give(first.buffer);
    expect(pool.idleCount()).toBe(1);
    const again = pool.take(100_000);
    expect(again.buffer).toBe(first.buffer);
    expect(pool.take(100_000).buffer).not.toBe(first.buffer);
  });

  it('keeps no more idle bytes than its cap, whatever the sizes', () => {
    const pool = new BufferPool(8, 256 * 1024);
    const taken = [pool.take(1), pool.take(100_000), pool.take(100_000), pool.take(1)];
    for (const buffer of taken) pool.give(buffer.buffer);
    // 64 KiB + 128 KiB fit under 256 KiB; the second 128 KiB does not, the last 64 KiB does.
    expect(pool.idleCount()).toBe(3);
    // The two 64 KiB buffers go out again; 128 KiB idle leaves no room for 256 KiB more.
    pool.take(1);
    pool.take(1);
    pool.give(pool.take(200_000).buffer);
    expect(pool.idleCount()).toBe(1);
  });

  it('ignores memory it did not hand out and keeps at most maxIdle of a size', () => {
    const pool = new BufferPool(2);
    pool.give(new ArrayBuffer(1000));
    pool.give(new SharedArrayBuffer(64 * 1024));
    expect(pool.idleCount()).toBe(0);
    const taken = [pool.take(1), pool.take(1), pool.take(1)];
    for (const buffer of taken) pool.give(buffer.buffer);
    expect(pool.idleCount()).toBe(2);
  });
});

describe('Float8Elements on a pool', () => {
  it('takes its first chunk by the size expected and gives every chunk back on release', () => {
    const pool = new BufferPool();
    const arena = new Float8Elements(pool, 200_000);
    arena.room(100);
    expect(arena.view.byteLength).toBe(256 * 1024);
    arena.take(100);
    // More than the first chunk has left: a second chunk.
    arena.room(30_000);
    arena.take(30_000);
    arena.release();
    expect(pool.idleCount()).toBe(2);
    expect(arena.view.byteLength).toBe(0);
  });
});
