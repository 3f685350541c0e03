import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';
import { cardTable } from '../card-table.css';

export const wrapper = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const search = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const searchInput = style({
  minHeight: '2.75rem',
  minWidth: '14rem',
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.textMuted}`,
});

export const toolbarActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

// Below the phone width each row becomes a card (card-table.css.ts) instead of scrolling
// sideways with its actions out of sight.
export const scroller = style({
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  '@media': {
    [breakpoints.phone]: { border: 0, backgroundColor: 'transparent', overflowX: 'visible' },
  },
});

export const table = style([cardTable, { width: '100%', borderCollapse: 'collapse' }]);

export const headerCell = style({
  textAlign: 'left',
  padding: vars.space.xs,
  backgroundColor: vars.color.surfaceRaised,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  minHeight: '2.25rem',
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  cursor: 'pointer',
});

export const cell = style({
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});

export const actionsCell = style([cell, { whiteSpace: 'nowrap' }]);

export const message = style({
  padding: vars.space.lg,
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.textMuted,
});

// The pager's parts wrap as wholes on a narrow screen; none of them breaks inside.
export const pagerControls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const pagerGroup = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  whiteSpace: 'nowrap',
});

export const pageSize = style({
  minHeight: '2.75rem',
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.textMuted}`,
});
