import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const accordion = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  maxWidth: '48rem',
});

export const item = style({
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const heading = style({ fontSize: vars.fontSize.md });

export const button = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  width: '100%',
  minHeight: '3rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  fontWeight: vars.fontWeight.bold,
  textAlign: 'start',
});

export const icon = style({
  flexShrink: 0,
  width: '0.875rem',
  height: '0.875rem',
  transition: 'transform 150ms ease',
  selectors: { [`${button}[aria-expanded="true"] &`]: { transform: 'rotate(180deg)' } },
});

export const panel = style({
  padding: `0 ${vars.space.md} ${vars.space.md}`,
  color: vars.color.text,
});
