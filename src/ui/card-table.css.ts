import { globalStyle, style } from '@vanilla-extract/css';
import { breakpoints, vars } from '../styles/theme.css';

// On a phone each row of a table with this class becomes a card of label and value pairs, the
// column header repeated from each cell's `data-label`, so no row is wider than the screen and
// its actions are never scrolled out of sight (decisions 015 and 038).
const phone = breakpoints.phone;

export const cardTable = style({});

globalStyle(`${cardTable} > tbody, ${cardTable} > tbody > tr, ${cardTable} > tbody > tr > td`, {
  '@media': { [phone]: { display: 'block' } },
});

// Kept for screen readers (the column names), out of sight: every card repeats them.
globalStyle(`${cardTable} > thead`, {
  '@media': {
    [phone]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
    },
  },
});

globalStyle(`${cardTable} > tbody > tr`, {
  '@media': {
    [phone]: {
      marginBottom: vars.space.sm,
      padding: vars.space.xs,
      border: `1px solid ${vars.color.border}`,
      borderRadius: vars.radius.md,
      backgroundColor: vars.color.surface,
    },
  },
});

globalStyle(`${cardTable} > tbody > tr > td[data-label]`, {
  '@media': {
    [phone]: {
      display: 'grid',
      gridTemplateColumns: '7rem minmax(0, 1fr)',
      gap: vars.space.xs,
      alignItems: 'center',
      borderBottom: 0,
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
    },
  },
});

// Everything a cell holds sits beside its column's name: a value followed by a note (the
// Inspections card's 'Interval shortened') put the note under the name, in the label column.
globalStyle(`${cardTable} > tbody > tr > td[data-label] > *`, {
  '@media': { [phone]: { gridColumn: 2 } },
});

globalStyle(`${cardTable} > tbody > tr > td[data-label]::before`, {
  '@media': {
    [phone]: {
      content: 'attr(data-label)',
      fontWeight: vars.fontWeight.bold,
      color: vars.color.textMuted,
    },
  },
});

// The row the reader is on (the bridge's own band in the condition index) keeps standing out.
globalStyle(`${cardTable} > tbody > tr[aria-current='true']`, {
  '@media': {
    [phone]: {
      backgroundColor: vars.color.surfaceRaised,
      borderColor: vars.color.brand,
      borderWidth: '2px',
    },
  },
});

// A link in a card (a bridge's name) is tapped: a 44 px target, as the buttons are.
globalStyle(`${cardTable} > tbody > tr > td a`, {
  '@media': {
    [phone]: { display: 'inline-flex', alignItems: 'center', minHeight: '2.75rem' },
  },
});
