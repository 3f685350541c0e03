import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

// The frame shared by the staff screens (User and Bridge Management): title bar and row actions.

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  paddingBlock: vars.space.lg,
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const title = style({ fontSize: vars.fontSize.xl, margin: 0 });

/** Which company a company administrator's list shows (decision 040). */
export const scope = style({ margin: 0, flexBasis: '100%', order: 3, color: vars.color.textMuted });

export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xxs });

// A row's buttons and its links (History) look alike: one box, no underline, centred text.
export const actionButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  textDecoration: 'none',
  minHeight: '2.25rem',
  paddingInline: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.link,
  cursor: 'pointer',
  ':hover': { backgroundColor: vars.color.surfaceRaised },
  // A finger needs 44 px where a mouse pointer does with 36.
  '@media': { '(pointer: coarse)': { minHeight: '2.75rem', paddingInline: vars.space.sm } },
});
