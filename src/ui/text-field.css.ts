import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const label = style({
  fontWeight: vars.fontWeight.medium,
});

export const input = style({
  minHeight: '2.75rem',
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.textMuted}`,
  backgroundColor: vars.color.surface,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' },
    '&:focus-visible': { outlineOffset: '0' },
  },
});

export const error = style({
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
});
