import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepInView } from '../../../src/ui/keep-in-view';

// The test DOM has no layout: the target's top is what `cardsAbove` pushes it down by, and a
// scroll brings it back to 0, as a browser's scrollIntoView({ block: 'start' }) does.
let cardsAbove = 0;
let scrolledBy = 0;
let scrolls = 0;

function placeTarget(): HTMLElement {
  const target = document.createElement('article');
  target.id = 'stream-7';
  target.getBoundingClientRect = () => ({ top: cardsAbove - scrolledBy }) as DOMRect;
  target.scrollIntoView = () => {
    scrolls += 1;
    scrolledBy = cardsAbove;
  };
  document.body.append(target);
  return target;
}

/** Runs the next animation frame after `ms` of (fake) time. */
async function frameAfter(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('keepInView', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    cardsAbove = 0;
    scrolledBy = 0;
    scrolls = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('brings the chart back each time cards drawn above it push it down', async () => {
    placeTarget();
    const stop = keepInView('stream-7');
    await frameAfter(20);
    expect(scrolls).toBe(1);
    cardsAbove = 400;
    await frameAfter(20);
    expect(scrolls).toBe(2);
    await frameAfter(200);
    expect(scrolls).toBe(2);
    cardsAbove = 900;
    await frameAfter(20);
    expect(scrolls).toBe(3);
    stop();
  });

  it('scrolls to a chart that appears only after the link was followed', async () => {
    keepInView('stream-7');
    await frameAfter(100);
    expect(scrolls).toBe(0);
    placeTarget();
    await frameAfter(20);
    expect(scrolls).toBe(1);
  });

  it('lets the reader scroll away: a wheel ends the watch', async () => {
    placeTarget();
    keepInView('stream-7');
    await frameAfter(20);
    window.dispatchEvent(new WheelEvent('wheel'));
    cardsAbove = 400;
    await frameAfter(100);
    expect(scrolls).toBe(1);
  });

  it('ends by itself once its time is up', async () => {
    placeTarget();
    keepInView('stream-7', 1_000);
    await frameAfter(20);
    await frameAfter(1_100);
    cardsAbove = 400;
    await frameAfter(100);
    expect(scrolls).toBe(1);
  });
});
