import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

// One column at every width: a page read on a phone in the night, the form within a thumb's reach.
export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: '100%',
  maxWidth: '48rem',
  marginInline: 'auto',
  paddingInline: vars.space.md,
  paddingBlock: vars.space.md,
  boxSizing: 'border-box',
  '@media': { [breakpoints.tablet]: { paddingInline: vars.space.xl, gap: vars.space.md } },
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
});
