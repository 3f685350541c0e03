import { formatDateTime, formatUtc } from '../../domain/formats';

/** A moment in the reader's time zone, with the UTC time on hover. */
export function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatUtc(iso)}>
      {formatDateTime(iso)}
    </time>
  );
}
