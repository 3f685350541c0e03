import * as styles from './dots-background.css';

// Spec §9: 50 decorative dots behind the sign-in and sign-up cards.
export const DOT_COUNT = 50;

interface Dot {
  left: string;
  top: string;
  size: string;
  duration: string;
  delay: string;
}

// A fixed scatter (golden-ratio steps) rather than Math.random: the same picture on every
// render, so React never re-lays it out and screenshots stay comparable.
function scatter(count: number): Dot[] {
  const step = 0.618_033_988_75;
  return Array.from({ length: count }, (_, index) => {
    const x = (index * step) % 1;
    const y = (index * step * step + 0.37 * (index % 7)) % 1;
    return {
      left: `${(x * 100).toFixed(2)}%`,
      top: `${(y * 100).toFixed(2)}%`,
      size: `${4 + (index % 4) * 2}px`,
      duration: `${6 + (index % 5) * 1.5}s`,
      delay: `${-((index * 0.7) % 6).toFixed(1)}s`,
    };
  });
}

const DOTS = scatter(DOT_COUNT);

/** Purely decorative, so hidden from assistive technology. */
export function DotsBackground() {
  return (
    <div className={styles.layer} aria-hidden="true" data-testid="dots-background">
      {DOTS.map((dot, index) => (
        <span
          key={index}
          className={styles.dot}
          style={{
            left: dot.left,
            top: dot.top,
            width: dot.size,
            height: dot.size,
            animationDuration: dot.duration,
            animationDelay: dot.delay,
          }}
        />
      ))}
    </div>
  );
}
