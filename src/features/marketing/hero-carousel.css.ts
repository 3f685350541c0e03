import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

// Spec §9: the hero is 700 px tall.
export const hero = style({
  position: 'relative',
  height: '700px',
  overflow: 'hidden',
  backgroundColor: vars.color.brandStrong,
  color: vars.color.onBrand,
});

export const track = style({
  position: 'absolute',
  inset: 0,
  touchAction: 'pan-y',
});

export const slide = style({
  position: 'absolute',
  inset: 0,
});

export const image = style({
  position: 'absolute',
  inset: 0,
});

// The SVGs crop themselves to the box (preserveAspectRatio slice), like object-fit: cover.
globalStyle(`${image} > svg`, { width: '100%', height: '100%' });

// Darkens the picture behind the text so white copy stays above 4.5:1 on any slide.
export const scrim = style({
  position: 'absolute',
  inset: 0,
  background:
    'linear-gradient(180deg, rgba(4, 20, 31, 0.6) 0%, rgba(4, 20, 31, 0.4) 35%, rgba(4, 20, 31, 0.85) 55%, rgba(4, 20, 31, 0.95) 100%)',
});

export const headingBox = style({
  position: 'absolute',
  insetInline: 0,
  top: vars.space.xl,
  pointerEvents: 'none',
});

export const heading = style({
  fontSize: vars.fontSize.xxl,
  maxWidth: '38rem',
  textShadow: '0 2px 12px rgba(0, 0, 0, 0.45)',
});

export const caption = style({
  position: 'absolute',
  insetInline: 0,
  // Small screens keep the arrows under the caption; wider ones centre them on the sides.
  bottom: '5rem',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  '@media': { [breakpoints.tablet]: { bottom: vars.space.xxxl } },
});

export const slideTitle = style({
  fontSize: vars.fontSize.xl,
  color: vars.color.accent,
});

export const description = style({
  maxWidth: '40rem',
  fontSize: vars.fontSize.md,
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.lg } },
});

export const readMore = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.onBrand}`,
  color: vars.color.onBrand,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  selectors: { '&:hover': { backgroundColor: vars.color.onBrand, color: vars.color.brand } },
});

export const hiddenText = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
});

// Arrows stay out of sight until the pointer is over the carousel or focus is inside it.
export const arrow = style({
  position: 'absolute',
  bottom: vars.space.md,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '3rem',
  height: '3rem',
  border: 'none',
  borderRadius: vars.radius.pill,
  backgroundColor: 'rgba(255, 255, 255, 0.92)',
  color: vars.color.brand,
  boxShadow: vars.shadow.md,
  opacity: 0,
  transition: 'opacity 150ms ease',
  selectors: {
    [`${hero}:hover &, ${hero}:focus-within &`]: { opacity: 1 },
  },
  '@media': {
    '(hover: none)': { opacity: 1 },
    [breakpoints.tablet]: { top: '50%', bottom: 'auto', marginTop: '-1.5rem' },
  },
});

export const previous = style({ insetInlineStart: vars.space.xs });
export const next = style({ insetInlineEnd: vars.space.xs });
export const arrowIcon = style({ width: '1.5rem', height: '1.5rem' });
