import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const backdrop = style({
  position: 'relative',
  overflow: 'hidden',
  display: 'grid',
  placeItems: 'center',
  minHeight: '100vh',
  padding: vars.space.md,
  background: `linear-gradient(160deg, ${vars.color.brand} 0%, ${vars.color.brandStrong} 100%)`,
});

export const card = style({
  // Above the decorative dots.
  position: 'relative',
  zIndex: 1,
  width: '100%',
  maxWidth: vars.layout.formWidth,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  boxShadow: vars.shadow.md,
});

export const homeLink = style({
  display: 'inline-block',
  marginBlockEnd: vars.space.lg,
  color: vars.color.brand,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
});

export const title = style({
  fontSize: vars.fontSize.xl,
  marginBlockEnd: vars.space.lg,
});

export const footer = style({
  marginBlockStart: vars.space.lg,
  textAlign: 'center',
});
