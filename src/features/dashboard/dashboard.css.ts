import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { breakpoints, vars } from '../../styles/theme.css';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  // Tighter on a phone, where every line above the active alerts pushes them down.
  gap: vars.space.sm,
  width: '100%',
  maxWidth: '90rem',
  marginInline: 'auto',
  paddingInline: vars.space.md,
  boxSizing: 'border-box',
  '@media': { [breakpoints.tablet]: { paddingInline: vars.space.xl, gap: vars.space.md } },
});

// On a phone the back link and the bridge switcher share the first row, the title the second,
// so the header costs two rows of the first screen, not three.
export const header = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'center',
  gap: vars.space.xs,
  '@media': {
    [breakpoints.tablet]: { display: 'flex', flexWrap: 'wrap', gap: vars.space.md },
  },
});

export const title = style({
  gridColumn: '1 / -1',
  gridRow: 2,
  fontSize: vars.fontSize.lg,
  margin: 0,
  '@media': { [breakpoints.tablet]: { fontSize: vars.fontSize.xl } },
});

export const backLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.color.brand}`,
  color: vars.color.brand,
  background: vars.color.surface,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  ':hover': { background: vars.color.surfaceRaised },
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

// One column on phones, two on tablets, three on wide screens; wide cards span the row.
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@media': {
    [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [breakpoints.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  minWidth: 0,
});

export const wide = style({ gridColumn: '1 / -1' });

export const cardTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.lg,
});

export const subTitle = style({ margin: 0, fontSize: vars.fontSize.md });

export const facts = style({
  display: 'grid',
  // A long label ('Measured against its trigger') wraps within 40 % rather than leave the values
  // a sliver of a 390 px phone, where they broke a letter or two a line.
  gridTemplateColumns: 'fit-content(40%) minmax(0, 1fr)',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  margin: 0,
});

globalStyle(`${facts} dt`, { fontWeight: vars.fontWeight.bold });
// A long stream id (bridge-s1-acc) breaks rather than widen a 390 px phone's page.
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.textMuted, margin: 0 });

export const big = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
});

export const badge = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '1.75rem',
  height: '1.75rem',
  paddingInline: vars.space.xxs,
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: '#ffffff',
  fontSize: vars.fontSize.sm,
});

export const badgeCalm = style([badge, { background: vars.color.success }]);

// Spec §4 colour classes, as a chip beside the word (colour is never the only cue).
export const level = styleVariants({
  green: { background: vars.condition.good, color: vars.condition.onGood },
  yellow: { background: vars.condition.fair, color: vars.condition.onFair },
  orange: { background: vars.condition.poor, color: vars.condition.onPoor },
  red: { background: vars.condition.critical, color: vars.condition.onCritical },
});

export const chip = style({
  display: 'inline-block',
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.pill,
  fontWeight: vars.fontWeight.bold,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const alertItem = style({
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const miniMap = style({
  height: '14rem',
  width: '100%',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  zIndex: 0,
});

export const notice = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderInlineStart: `4px solid ${vars.color.link}`,
  background: vars.color.surfaceRaised,
});

export const rangeButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xxs });

export const rangeButton = style({
  minHeight: '2.25rem',
  // Tapped on a phone: a 44 px target.
  '@media': { [breakpoints.phone]: { minHeight: '2.75rem', minWidth: '2.75rem' } },
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.brand,
  cursor: 'pointer',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.brand, color: vars.color.onBrand },
  },
});

// The data streams side by side from tablet width up.
export const streams = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  '@media': { [breakpoints.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const details = style({
  paddingBlock: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const progress = style({ display: 'grid', gap: vars.space.xxs });

export const progressBar = style({ width: '100%', maxWidth: '24rem', height: '0.75rem' });

export const badgeNeutral = style([badge, { background: vars.color.textMuted }]);

export const chipNeutral = style({ background: vars.color.surfaceRaised, color: vars.color.text });

// The active alerts take two of three columns on a wide screen, the legend the third.
export const wideTwo = style({
  '@media': { [breakpoints.desktop]: { gridColumn: 'span 2' } },
});

// Condition first: four compact cells, two a row on a phone so the strip stays short.
export const strip = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.xs,
  '@media': {
    [breakpoints.tablet]: { gap: vars.space.sm },
    // The condition's facts (inspections, anomalies, the data trust line) are the longest
    // words; the gauge needs 11rem. Wider there, they wrap less, and the strip stays short
    // enough for the active alerts to start on a 900 px screen (issue 18).
    [breakpoints.desktop]: { gridTemplateColumns: '1.9fr 0.8fr 0.9fr 1.2fr' },
  },
});

// On a phone the two cells with most words take the whole row; score and situation share one.
export const stripCellWide = style({
  gridColumn: '1 / -1',
  '@media': { [breakpoints.desktop]: { gridColumn: 'auto' } },
});

export const gaugeBox = style({
  width: '100%',
  maxWidth: '6.5rem',
  alignSelf: 'center',
  '@media': { [breakpoints.desktop]: { maxWidth: '11rem' } },
});

export const stripCell = style([
  card,
  { padding: vars.space.sm, gap: vars.space.xxs, boxShadow: 'none' },
]);

export const stripTitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  color: vars.color.textMuted,
});

export const small = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  lineHeight: 1.35,
  '@media': { [breakpoints.tablet]: { lineHeight: 'inherit' } },
});

export const situation = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  paddingInlineStart: vars.space.xs,
  borderInlineStart: '6px solid',
});

// The border carries the colour; the words carry the meaning.
export const tone = styleVariants({
  calm: { borderColor: vars.condition.good },
  warning: { borderColor: vars.condition.fair },
  critical: { borderColor: vars.condition.critical },
  unknown: { borderColor: vars.color.border },
});

export const alertsLink = style({
  color: vars.color.link,
  fontWeight: vars.fontWeight.bold,
  minHeight: '2.75rem',
  display: 'inline-flex',
  alignItems: 'center',
});

export const alertHeading = style({ margin: 0 });

export const severity = style({
  display: 'inline-block',
  paddingInline: vars.space.xxs,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.text}`,
  fontSize: vars.fontSize.sm,
});

export const ackForm = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const plainList = style({ margin: 0, paddingInlineStart: vars.space.lg });

export const episodes = style([list, { paddingInlineStart: 0 }]);

export const indexTable = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  textAlign: 'start',
});

globalStyle(`${indexTable} th, ${indexTable} td`, {
  padding: `${vars.space.xxs} ${vars.space.xxs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'start',
});

export const currentRow = style({
  background: vars.color.surfaceRaised,
  fontWeight: vars.fontWeight.bold,
});

export const screenOnly = style({ '@media': { print: { display: 'none' } } });

export const printOnly = style({
  display: 'none',
  '@media': { print: { display: 'block', width: '100%', height: 'auto' } },
});

export const downloadLink = style({
  color: vars.color.link,
  minHeight: '2.75rem',
  display: 'inline-flex',
  alignItems: 'center',
});

export const warningText = style({ color: vars.color.danger, fontWeight: vars.fontWeight.bold });

export const switcher = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginInlineStart: 'auto',
  // On a phone the select shrinks to the screen instead of running off its edge.
  minWidth: 0,
  maxWidth: '100%',
});

// On a phone the label gives its room to the bridge's name: screen readers still read it, and
// the select beside 'Back to map' shows which bridge this is.
export const switcherLabel = style({
  fontWeight: vars.fontWeight.bold,
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  '@media': {
    [breakpoints.tablet]: {
      position: 'static',
      width: 'auto',
      height: 'auto',
      overflow: 'visible',
      clip: 'auto',
    },
  },
});

export const switcherSelect = style({
  minHeight: '2.75rem',
  minWidth: 0,
  maxWidth: '100%',
  paddingInline: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  ':focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
});

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

// A disclosure inside a fact: the summary is the fact, the details open under it.
export const disclosure = style({});

globalStyle(`${disclosure} > summary`, { cursor: 'pointer' });

export const disclosureFacts = style([
  facts,
  { gridTemplateColumns: 'minmax(0, 1fr)', marginBlockStart: vars.space.xxs },
]);

globalStyle(`${disclosureFacts} dt`, {
  fontWeight: vars.fontWeight.regular,
  color: vars.color.textMuted,
});

// The strip's lists on a phone: a narrow label column (long labels wrap) leaves the values room
// for a line each, and tighter lines keep the active alerts on the first screen.
export const stripFacts = style([
  facts,
  {
    gridTemplateColumns: 'minmax(0, 6rem) minmax(0, 1fr)',
    fontSize: vars.fontSize.sm,
    lineHeight: 1.35,
    '@media': {
      [breakpoints.tablet]: {
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        fontSize: 'inherit',
        lineHeight: 'inherit',
      },
    },
  },
]);

// A stream card's trust badges, in a row that wraps on a phone.
export const badgeList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

// Who is on call, under the active alerts' title: a quiet line, not a bulleted list.
export const onCall = style([small, { listStyle: 'none', padding: 0, marginBlock: vars.space.xs }]);

// An action past its due time: the word, not only the colour, says it.
export const overdueBadge = style([badge, { display: 'inline-block', height: 'auto' }]);

// Twin sensors that disagree, under the condition: one pair a line, its words under it.
export const disagreementList = style({ listStyle: 'none', margin: 0, padding: 0 });
