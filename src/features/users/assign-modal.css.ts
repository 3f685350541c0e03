import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const searchLabel = style({ fontWeight: vars.fontWeight.medium });

export const search = style({
  minHeight: '2.75rem',
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.textMuted}`,
});

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingInline: vars.space.xs,
});

export const count = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const none = style({ color: vars.color.textMuted, padding: vars.space.xs });

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

// The whole row is the label: a 44 px tall target, not just the box.
export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '2.75rem',
  cursor: 'pointer',
});

export const checkbox = style({ width: '1.25rem', height: '1.25rem', flex: '0 0 auto' });
