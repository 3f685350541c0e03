import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const section = style({
  paddingBlock: vars.space.xxl,
});

// Sections that a link scrolls to keep their heading clear of the sticky header.
export const anchored = style({ scrollMarginTop: '4.5rem' });

export const eyebrow = style({
  color: vars.color.link,
  fontWeight: vars.fontWeight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
  fontSize: vars.fontSize.sm,
});

export const sectionTitle = style({
  fontSize: vars.fontSize.xl,
  marginBlockEnd: vars.space.md,
  selectors: { '&:focus': { outline: 'none' } },
});

export const split = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  paddingBlock: vars.space.xxl,
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1.1fr 1fr' } },
});

export const splitText = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

export const illustration = style({
  width: '100%',
  height: 'auto',
  borderRadius: vars.radius.lg,
});

export const band = style({
  paddingBlock: vars.space.xxl,
  backgroundColor: vars.color.surfaceRaised,
});

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  listStyle: 'none',
  padding: 0,
  '@media': {
    [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [breakpoints.desktop]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  height: '100%',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
});

export const cardTitle = style({
  fontSize: vars.fontSize.lg,
});

export const textLink = style({
  marginBlockStart: 'auto',
  fontWeight: vars.fontWeight.bold,
});

export const cta = style({
  paddingBlock: vars.space.xxl,
  backgroundColor: vars.color.brand,
  color: vars.color.onBrand,
});

export const ctaInner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
});

export const ctaButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
