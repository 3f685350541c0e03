import { keyframes, style } from '@vanilla-extract/css';

const drift = keyframes({
  '0%': { transform: 'translate3d(0, 0, 0)', opacity: 0.25 },
  '50%': { transform: 'translate3d(0, -1.5rem, 0)', opacity: 0.7 },
  '100%': { transform: 'translate3d(0, 0, 0)', opacity: 0.25 },
});

export const layer = style({
  position: 'absolute',
  inset: 0,
  overflow: 'hidden',
  pointerEvents: 'none',
});

export const dot = style({
  position: 'absolute',
  borderRadius: '50%',
  backgroundColor: 'rgba(255, 255, 255, 0.55)',
  animationName: drift,
  animationTimingFunction: 'ease-in-out',
  animationIterationCount: 'infinite',
  '@media': {
    // Decoration must never move for someone who asked the system for less motion.
    '(prefers-reduced-motion: reduce)': { animation: 'none' },
  },
});
