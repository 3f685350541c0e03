import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
});

// dt/dd pairs grouped in a div (allowed in a dl) while the dl's grid lays them out.
export const pair = style({ display: 'contents' });

export const term = style({ fontWeight: vars.fontWeight.medium });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });

// Wide files scroll inside their box at 390 px instead of widening the dialog.
export const scroller = style({
  overflowX: 'auto',
  maxWidth: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const table = style({
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: vars.fontSize.sm,
});

export const cell = style({
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  whiteSpace: 'nowrap',
});

export const caption = style({ textAlign: 'start', fontWeight: vars.fontWeight.medium });

export const progress = style({ width: '100%', height: '1.25rem' });

export const muted = style({ color: vars.color.textMuted, margin: 0 });

export const errors = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  maxHeight: '12rem',
  overflowY: 'auto',
});
