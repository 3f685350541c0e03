import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// Spec §2 and §9: the assignment lists scroll beyond about 16rem.
export const list = style({
  maxHeight: '16rem',
  overflowY: 'auto',
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '2.25rem',
});
