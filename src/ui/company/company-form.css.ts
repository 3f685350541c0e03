import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

// Inside the dialog's frame: sections parted by a rule rather than boxed, to save a phone's width.

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  margin: 0,
  padding: 0,
  paddingBlockStart: vars.space.sm,
  border: 'none',
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const heading = style({ fontWeight: vars.fontWeight.bold, padding: 0 });

export const note = style({ color: vars.color.textMuted, margin: 0 });

export const switchRow = style({ display: 'flex', gap: vars.space.xs, alignItems: 'flex-start' });

export const error = style({ color: vars.color.danger, margin: 0 });

// The input grows and its button stays beside it; on a phone the button wraps below.
export const inputRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const grow = style({ flex: '1 1 14rem', minWidth: 0 });

export const domains = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const domain = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  paddingInlineStart: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  overflowWrap: 'anywhere',
});

/** A single sign-on domain's proof: its status, the TXT record to add and its buttons. */
export const proofs = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const proof = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

/** A DNS name or value to type elsewhere: breaks anywhere, so it fits a phone's width. */
export const code = style({ fontFamily: 'monospace', wordBreak: 'break-all' });
