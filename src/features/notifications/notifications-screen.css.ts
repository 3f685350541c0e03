import { style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

// The Notifications screen (decision 066): sections one above the other, each a card; nothing
// wider than a 390 px phone, so the calendar and the log fold into lists there.

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});

export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg });

export const subheading = style({ margin: 0, fontSize: vars.fontSize.md });

export const note = style({ margin: 0, color: vars.color.textMuted });

export const onCallList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const onCallItem = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceRaised,
  overflowWrap: 'anywhere',
});

export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  gap: vars.space.sm,
  alignItems: 'end',
});

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
});

export const failed = style({ color: vars.color.danger });

// The calendar: seven days a row where there is room; on a phone one day under another.
export const grid = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const week = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
  gap: vars.space.xxs,
  '@media': { [breakpoints.phone]: { display: 'flex', flexDirection: 'column' } },
});

export const day = style({
  minWidth: 0,
  minHeight: '5rem',
  padding: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  overflowWrap: 'anywhere',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
  '@media': { [breakpoints.phone]: { minHeight: 0 } },
});

export const today = style([day, { backgroundColor: vars.color.surfaceRaised }]);

export const dayName = style({ display: 'block', fontWeight: vars.fontWeight.bold });

export const shifts = style({ margin: 0, padding: 0, listStyle: 'none' });

/** The escalation in words: one sentence a line, wrapping on a phone. */
export const words = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  overflowWrap: 'anywhere',
});
