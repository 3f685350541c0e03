import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const region = style({
  position: 'fixed',
  // Below the sticky page headers (64 px at most), so a toast never covers a header control
  // such as Login, which a visitor may reach for right after the contact form's toast.
  top: '5rem',
  right: vars.space.md,
  zIndex: 2000,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  maxWidth: 'min(24rem, calc(100vw - 2rem))',
  pointerEvents: 'none',
});

const toastBase = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
  pointerEvents: 'auto',
});

export const toast = styleVariants({
  success: [toastBase, { background: vars.color.success, color: '#ffffff' }],
  error: [toastBase, { background: vars.color.danger, color: '#ffffff' }],
});

export const message = style({ flex: 1, paddingTop: '2px' });

export const close = style({
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  cursor: 'pointer',
  padding: 0,
  ':focus-visible': { outline: `2px solid #ffffff`, outlineOffset: '2px' },
});
