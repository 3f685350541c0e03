import { globalStyle } from '@vanilla-extract/css';
import { focusRing } from './focus.css';
import { vars } from './theme.css';

// A small modern reset: predictable box sizing, no default margins, media that never overflow,
// and form controls that inherit the page font.
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('*', { margin: 0 });

globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  '@media': {
    '(prefers-reduced-motion: no-preference)': { scrollBehavior: 'smooth' },
  },
});

globalStyle('body', {
  minHeight: '100vh',
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  backgroundColor: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('#root', { minHeight: '100vh', isolation: 'isolate' });

globalStyle('img, picture, svg, video, canvas', { display: 'block', maxWidth: '100%' });

globalStyle('input, button, textarea, select', { font: 'inherit', color: 'inherit' });

globalStyle('button', { cursor: 'pointer' });

globalStyle('button:disabled', { cursor: 'not-allowed' });

globalStyle('h1, h2, h3, h4, h5, h6', {
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'break-word',
});

globalStyle('p, li', { overflowWrap: 'break-word' });

globalStyle('a', { color: vars.color.link, textUnderlineOffset: '0.15em' });

// Keyboard users always see where they are; pointer clicks do not leave a ring behind.
globalStyle(':focus-visible', {
  outline: `3px solid ${focusRing}`,
  outlineOffset: '2px',
});

globalStyle('::selection', { backgroundColor: vars.color.accent, color: vars.color.onAccent });

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
