import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});

export const overview = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'center',
  '@media': { [breakpoints.desktop]: { gridTemplateColumns: '1.2fr 1fr' } },
});

export const overviewText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

export const image = style({
  width: '100%',
  height: 'auto',
  borderRadius: vars.radius.lg,
});

export const cards = style({
  display: 'grid',
  gap: vars.space.md,
  listStyle: 'none',
  padding: 0,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const cardTitle = style({ fontSize: vars.fontSize.lg });

export const result = style({
  marginBlockStart: 'auto',
  paddingBlockStart: vars.space.xs,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const benefits = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  paddingInlineStart: vars.space.lg,
});

export const closing = style({
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceRaised,
  fontSize: vars.fontSize.lg,
});

export const closingLink = style({ fontWeight: vars.fontWeight.bold });
