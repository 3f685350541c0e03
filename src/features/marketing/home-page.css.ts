import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginBlockStart: vars.space.lg,
});

export const section = style({
  paddingBlock: vars.space.xxl,
});

export const sectionTitle = style({
  fontSize: vars.fontSize.xl,
  marginBlockEnd: vars.space.lg,
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
  height: '100%',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
});

export const cardTitle = style({
  fontSize: vars.fontSize.lg,
  marginBlockEnd: vars.space.xs,
});

export const cardLink = style({
  fontWeight: vars.fontWeight.bold,
});
