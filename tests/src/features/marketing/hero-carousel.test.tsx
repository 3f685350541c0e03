import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOPLAY_MS, HeroCarousel } from '../../../../src/features/marketing/hero-carousel';
import { heroSlides } from '../../../../src/features/marketing/slides';

// The slide a visitor sees is the one not hidden from them.
function visibleSlideTitle(): string | null {
  const visible = screen
    .getAllByRole('group', { hidden: true })
    .filter((slide) => slide.getAttribute('aria-hidden') !== 'true');
  expect(visible).toHaveLength(1);
  return visible[0]?.querySelector('h2')?.textContent ?? null;
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderCarousel() {
  return render(
    <HeroCarousel
      slides={heroSlides}
      heading="Bridge health, watched around the clock"
      readMoreHref="#our-services"
      onReadMore={(event) => event.preventDefault()}
    />,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hero carousel', () => {
  it('shows the four slides of the spec, one at a time, under the page heading', () => {
    renderCarousel();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Bridge health, watched around the clock',
    );
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(4);
    expect(visibleSlideTitle()).toBe('Enhanced Bridge Safety');
    expect(screen.queryByRole('button', { name: /go to slide/i })).not.toBeInTheDocument();
  });

  it('moves to the next slide every 4000 ms and loops back to the first', async () => {
    renderCarousel();
    await advance(AUTOPLAY_MS - 100);
    expect(visibleSlideTitle()).toBe('Enhanced Bridge Safety');

    await advance(100 + 1000);
    expect(visibleSlideTitle()).toBe('Real-Time Condition Monitoring');

    await advance(AUTOPLAY_MS + 1000);
    expect(visibleSlideTitle()).toBe('Automated Alerts and Notifications');
    await advance(AUTOPLAY_MS + 1000);
    expect(visibleSlideTitle()).toBe('Efficient Maintenance Scheduling');
    await advance(AUTOPLAY_MS + 1000);
    expect(visibleSlideTitle()).toBe('Enhanced Bridge Safety');
  });

  it('stands still while the pointer hovers over it, and resumes when it leaves', async () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'SpanWatch at a glance' });

    fireEvent.mouseEnter(carousel);
    await advance(AUTOPLAY_MS * 3);
    expect(visibleSlideTitle()).toBe('Enhanced Bridge Safety');

    fireEvent.mouseLeave(carousel);
    await advance(AUTOPLAY_MS + 1000);
    expect(visibleSlideTitle()).toBe('Real-Time Condition Monitoring');
  });

  it('never moves by itself when the visitor prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      renderCarousel();
      await advance(AUTOPLAY_MS * 3);
      expect(visibleSlideTitle()).toBe('Enhanced Bridge Safety');

      fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
      await advance(50);
      expect(visibleSlideTitle()).toBe('Real-Time Condition Monitoring');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('moves backwards and forwards with its arrows, wrapping around', async () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    await advance(1000);
    expect(visibleSlideTitle()).toBe('Efficient Maintenance Scheduling');

    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    await advance(1000);
    expect(visibleSlideTitle()).toBe('Enhanced Bridge Safety');
  });

  it('gives every slide picture a text alternative', () => {
    renderCarousel();
    expect(screen.getByRole('img')).toHaveAccessibleName(/^Illustration of a cable-stayed bridge/);
    const pictures = screen.getAllByRole('img', { hidden: true });
    expect(pictures).toHaveLength(4);
    for (const picture of pictures) {
      expect(picture.getAttribute('aria-label')).toMatch(/^Illustration of an? .{20,}/);
    }
  });
});
