import { browserTimeZone, zoneLabel } from './time-zones';

/**
 * Says which clock a screen that spans companies writes its times on: the reader's own (decision
 * 064). A bridge's screens use its company's zone instead (TimesCaption); the audit log and the
 * operations screen hold entries of many companies, whose zones differ, so one zone per screen is
 * the reader's, named so nobody reads it as the bridge's local time.
 */
export function ReaderTimesCaption({ className }: { className?: string }) {
  return <p className={className}>Times in your time zone ({zoneLabel(browserTimeZone())}).</p>;
}
