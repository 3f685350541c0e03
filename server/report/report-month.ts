import { HttpError } from '../http-error.ts';

/** The first month a report may cover; older dates are typing errors, not monitoring data. */
export const FIRST_REPORT_MONTH = '2000-01';

export interface ReportMonth {
  /** YYYY-MM */
  label: string;
  /** First instant of the month (UTC), in ms. */
  startMs: number;
  /** First instant of the next month (UTC), in ms. */
  endMs: number;
  /**
   * The reader's IANA time zone, in which the report writes its times of day; UTC when absent.
   * The month itself runs in UTC, as the hourly roll-ups and daily charts do (decision 049).
   */
  timeZone?: string;
}

/** The month of a `month=YYYY-MM` query, between 2000-01 and the month of `now` (UTC). */
export function parseReportMonth(text: string, now: Date): ReportMonth {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  if (!match) throw new HttpError(400, `month: '${text}' is not a month in the form YYYY-MM`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (month < 1 || month > 12) {
    throw new HttpError(400, `month: ${text} has no month ${month}; months run from 01 to 12`);
  }
  const current = now.toISOString().slice(0, 7);
  if (text < FIRST_REPORT_MONTH) {
    throw new HttpError(400, `month: ${text} is before ${FIRST_REPORT_MONTH}`);
  }
  if (text > current) {
    throw new HttpError(400, `month: ${text} is in the future; the latest is ${current}`);
  }
  return {
    label: text,
    startMs: Date.UTC(year, month - 1, 1),
    endMs: Date.UTC(year, month, 1),
  };
}
