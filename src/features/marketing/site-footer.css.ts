import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const footer = style({
  backgroundColor: vars.color.brandStrong,
  color: vars.color.onBrand,
});

export const contact = style({
  display: 'grid',
  gap: vars.space.xl,
  paddingBlock: vars.space.xxl,
  // The sticky header must not cover the heading the Contact us link scrolls to.
  scrollMarginTop: '4.5rem',
  '@media': {
    [breakpoints.desktop]: { gridTemplateColumns: '1fr 1.2fr', alignItems: 'start' },
  },
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const title = style({
  fontSize: vars.fontSize.xl,
  selectors: { '&:focus': { outline: 'none' } },
});

export const lead = style({ maxWidth: '32rem' });

export const address = style({
  display: 'flex',
  flexDirection: 'column',
  fontStyle: 'normal',
});

export const footerLink = style({
  color: vars.color.onBrand,
  fontWeight: vars.fontWeight.bold,
});

export const socialList = style({
  display: 'flex',
  gap: vars.space.xs,
  listStyle: 'none',
  padding: 0,
  marginBlockStart: vars.space.xs,
});

export const socialLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.onBrand}`,
  color: vars.color.onBrand,
  selectors: { '&:hover': { backgroundColor: vars.color.onBrand, color: vars.color.brandStrong } },
});

export const socialIcon = style({ width: '1.25rem', height: '1.25rem' });

export const formCard = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.md,
});

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const nameRow = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const textarea = style({
  paddingBlock: vars.space.xs,
  resize: 'vertical',
  minHeight: '8rem',
});

export const bottomBar = style({
  borderBlockStart: '1px solid rgba(255, 255, 255, 0.2)',
  fontSize: vars.fontSize.sm,
});

export const bottomInner = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  paddingBlock: vars.space.md,
});
