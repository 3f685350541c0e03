import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// Rows wrap rather than scroll: the dialog must fit a 390 px phone without moving sideways.

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  paddingBlock: vars.space.xs,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const rowText = style({ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xxs });

// Two fields side by side where there is room, one above the other on a phone.
export const pair = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  gap: vars.space.sm,
});

export const override = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  margin: 0,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const subheading = style({ margin: 0, fontSize: vars.fontSize.md });
