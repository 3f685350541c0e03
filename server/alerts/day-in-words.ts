// A stored alert message is read later by anyone, anywhere: on the dashboard in the reader's
// locale, in a webhook's chat message, in the monthly PDF. The server cannot know that reader,
// and '2026-11-12' or '12/11/2026' reads differently in different countries. A day written in
// English words ('12 November 2026') is unambiguous everywhere, needs no field added to the
// alert's API, and the dashboard can show the message as it is. (A separate due-date field the
// SPA formats itself would also work, but would change the Alert schema every client reads.)
const DAY_IN_WORDS = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD calendar day as '12 November 2026', the same on every server. */
export function dayInWords(ymd: string): string {
  return DAY_IN_WORDS.format(new Date(`${ymd}T00:00:00Z`));
}
