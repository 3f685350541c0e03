import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

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

// Below this width a row no longer fits across the screen: each becomes a card of label and
// value pairs, so its actions are never scrolled out of sight.
const phone = 'screen and (max-width: 39.99em)';

export const scroller = style({
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  '@media': { [phone]: { border: 0, backgroundColor: 'transparent', overflowX: 'visible' } },
});

export const table = style({ width: '100%', borderCollapse: 'collapse' });

globalStyle(`${table} > tbody, ${table} > tbody > tr, ${table} > tbody > tr > td`, {
  '@media': { [phone]: { display: 'block' } },
});

// Kept for screen readers (the column names), out of sight: every card repeats them.
globalStyle(`${table} > thead`, {
  '@media': {
    [phone]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
    },
  },
});

globalStyle(`${table} > tbody > tr`, {
  '@media': {
    [phone]: {
      marginBottom: vars.space.sm,
      padding: vars.space.xs,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      backgroundColor: vars.color.surface,
    },
  },
});

globalStyle(`${table} > tbody > tr > td[data-label]`, {
  '@media': {
    [phone]: {
      display: 'grid',
      gridTemplateColumns: '7rem minmax(0, 1fr)',
      gap: vars.space.xs,
      alignItems: 'center',
      borderBottom: 0,
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
    },
  },
});

globalStyle(`${table} > tbody > tr > td[data-label]::before`, {
  '@media': {
    [phone]: {
      content: 'attr(data-label)',
      fontWeight: vars.fontWeight.bold,
      color: vars.color.textMuted,
    },
  },
});

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
