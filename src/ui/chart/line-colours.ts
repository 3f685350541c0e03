// One colour per line of a multi-line chart, told apart from the amber and red trigger levels
// and from each other in grey.
const LINE_COLOURS = ['#0b3a53', '#0b5c85', '#6a3d9a', '#1e7b34', '#7a5c00', '#4a5565'];

/** The colour of the chart's `index`-th line (the list repeats after six). */
export const lineColour = (index: number): string =>
  LINE_COLOURS[index % LINE_COLOURS.length] ?? '#0b3a53';
