import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  background: vars.color.surface,
});

export const cell = style({
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'top',
});

const chip = style({
  display: 'inline-block',
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
});

// Overdue reads as the alert colour, due soon as a warning, scheduled as plain text.
export const status = styleVariants({
  overdue: [chip, { background: vars.color.danger, color: vars.color.onBrand }],
  due: [chip, { background: vars.color.accent, color: vars.color.onAccent }],
  scheduled: [chip, { background: vars.color.surfaceRaised, color: vars.color.text }],
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});

export const note = style({ color: vars.color.textMuted, margin: 0 });

export const ratingRow = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
  gap: vars.space.sm,
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});

// A toolbar whose title sits left and its button right.
export const sectionHeader = style([
  toolbar,
  { alignItems: 'center', justifyContent: 'space-between' },
]);

export const heading = style({ fontSize: vars.fontSize.lg, margin: 0 });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
  gap: vars.space.sm,
  margin: 0,
});

// Term above value: each fact reads as one small card.
export const factRow = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const factTerm = style({ color: vars.color.textMuted });

export const factValue = style({ margin: 0, fontWeight: 600, color: vars.color.text });

export const outbox = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});

export const outboxText = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

export const outboxList = style({ margin: 0, paddingInlineStart: vars.space.lg });

export const photoGrid = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const photoItem = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const thumbnail = style({
  width: '5.5rem',
  height: '5.5rem',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  display: 'block',
});

export const smallThumbnail = style([thumbnail, { width: '3rem', height: '3rem' }]);

/** The thumbnail is the button that opens its photo: no chrome of its own (the global focus ring). */
export const thumbButton = style({
  display: 'block',
  padding: 0,
  border: 'none',
  background: 'none',
  cursor: 'zoom-in',
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
});

/** The whole photo in its viewer: as large as the dialog allows, never wider. */
export const wholePhoto = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '70vh',
  margin: '0 auto',
});

/** The camera input sits inside a label drawn as a 44 px button; the input stays focusable. */
export const cameraButton = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '2.75rem',
  minWidth: '2.75rem',
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  cursor: 'pointer',
  ':focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
});

export const visuallyHiddenInput = style({
  position: 'absolute',
  width: 1,
  height: 1,
  opacity: 0,
  overflow: 'hidden',
});

export const photoFieldset = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 'none',
});
