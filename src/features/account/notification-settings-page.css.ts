import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  paddingBlock: vars.space.lg,
  maxWidth: '40rem',
});

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const legend = style({ fontWeight: vars.fontWeight.bold, paddingInline: vars.space.xxs });

export const choice = style({ display: 'flex', gap: vars.space.xs, alignItems: 'flex-start' });

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });

export const muted = style({ color: vars.color.textMuted, margin: 0 });

export const title = style({ margin: 0 });
