import { useKeenSlider } from 'keen-slider/react';
import { type MouseEvent, useCallback, useState } from 'react';
import { container } from '../../ui/layout.css';
import * as styles from './hero-carousel.css';
import type { Slide } from './slides';
import { useAutoplay } from './use-autoplay';
import { REDUCED_MOTION, useMediaQuery } from '../../ui/use-media-query';

export const AUTOPLAY_MS = 4000;
const FADE_MS = 800;

interface HeroCarouselProps {
  slides: readonly Slide[];
  /** The page's h1, shown above every slide. */
  heading: string;
  /** Where the slides' 'Read more' links lead on this page (spec §1: no real target). */
  onReadMore: (event: MouseEvent<HTMLAnchorElement>) => void;
  readMoreHref: string;
}

/**
 * The hero carousel of spec §1, §9: fade, infinite loop, a new slide every 4000 ms, paused
 * while the pointer is over it or focus is in it, arrows shown on hover and focus, no dots.
 * With prefers-reduced-motion it never moves by itself and switches slides without fading.
 */
export function HeroCarousel({ slides, heading, onReadMore, readMoreHref }: HeroCarouselProps) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const [current, setCurrent] = useState(0);
  const [opacities, setOpacities] = useState<number[]>(() =>
    slides.map((_, i) => (i === 0 ? 1 : 0)),
  );
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  // keen-slider keeps the position; with a numeric `slides` it leaves rendering to us, and each
  // slide's share of the viewport becomes its opacity: the fade.
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    slides: slides.length,
    loop: true,
    defaultAnimation: { duration: reducedMotion ? 0 : FADE_MS },
    detailsChanged(s) {
      setOpacities(s.track.details.slides.map((slide) => slide.portion));
    },
    slideChanged(s) {
      setCurrent(s.track.details.rel);
    },
  });

  const next = useCallback(() => slider.current?.next(), [slider]);
  const previous = useCallback(() => slider.current?.prev(), [slider]);
  useAutoplay(next, AUTOPLAY_MS, !(hovered || focused || reducedMotion), current);

  return (
    <section
      className={styles.hero}
      aria-roledescription="carousel"
      aria-label="SpanWatch at a glance"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!(
          event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)
        ))
          setFocused(false);
      }}
    >
      <div ref={sliderRef} className={styles.track}>
        {slides.map((slide, index) => {
          const active = index === current;
          return (
            <div
              key={slide.title}
              className={styles.slide}
              style={{ opacity: opacities[index] ?? 0 }}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={!active}
              inert={!active}
            >
              <div
                className={styles.image}
                role="img"
                aria-label={slide.imageAlt}
                // Our own static SVG files (slides.ts), never user content.
                dangerouslySetInnerHTML={{ __html: slide.art }}
              />
              <div className={styles.scrim} />
              <div className={`${container} ${styles.caption}`}>
                <h2 className={styles.slideTitle}>{slide.title}</h2>
                <p className={styles.description}>{slide.description}</p>
                <a className={styles.readMore} href={readMoreHref} onClick={onReadMore}>
                  Read more<span className={styles.hiddenText}> about {slide.title}</span>
                </a>
              </div>
            </div>
          );
        })}
      </div>
      <div className={`${container} ${styles.headingBox}`}>
        <h1 className={styles.heading}>{heading}</h1>
      </div>
      <button
        type="button"
        className={`${styles.arrow} ${styles.previous}`}
        aria-label="Previous slide"
        onClick={previous}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.arrowIcon}>
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
      <button
        type="button"
        className={`${styles.arrow} ${styles.next}`}
        aria-label="Next slide"
        onClick={next}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.arrowIcon}>
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
    </section>
  );
}
