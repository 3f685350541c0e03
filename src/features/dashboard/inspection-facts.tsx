import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useApi } from '../../api/api-context';
import type { Inspection, InspectionDue } from '../../api/queries/inspections';
import { formatCalendarDate } from '../../../domain/formats';
import {
  DUE_STATUS_LABELS,
  INSPECTION_KIND_LABELS,
  ratingText,
} from '../../../domain/inspection-regimes';
import { dashboardQueries } from './dashboard-queries';
import * as styles from './dashboard.css';

type Last = Inspection | undefined;
type Next = InspectionDue | undefined;

function lastText(last: Last): string {
  return last
    ? `${formatCalendarDate(last.inspected_on)} (${INSPECTION_KIND_LABELS[last.kind]}): ${ratingText(last.rating)}`
    : 'None recorded';
}

function NextDue({ next }: { next: Next }) {
  if (!next) return <>Not scheduled</>;
  return (
    <Link to="/inspections">
      {formatCalendarDate(next.next_due)} ({INSPECTION_KIND_LABELS[next.kind]},{' '}
      {DUE_STATUS_LABELS[next.status].toLowerCase()}
      {next.shortened ? ', interval shortened by the condition' : ''})
    </Link>
  );
}

// One line a phone can hold: the two dates, and the status only when it asks for action.
function summaryText(last: Last, next: Next): string {
  const lastPart = last ? `Last ${formatCalendarDate(last.inspected_on, 'medium')}` : 'None yet';
  if (!next) return `${lastPart} · none scheduled`;
  const status =
    next.status === 'scheduled' ? '' : ` (${DUE_STATUS_LABELS[next.status].toLowerCase()})`;
  return `${lastPart} · next due ${formatCalendarDate(next.next_due, 'medium')}${status}`;
}

interface InspectionFactsProps {
  bridgeId: number;
  /** A phone: one line, the rest behind a disclosure. */
  narrow: boolean;
  /** On a phone, more `dt`/`dd` pairs of the same subject that go behind the disclosure. */
  more?: ReactNode;
}

/**
 * The bridge's last inspection, its rating and the next due date, as entries of the status
 * strip's condition list (issue 20: beside the monitoring condition). On a phone they are one
 * line with the rest behind a disclosure, so the active alerts still start on the first screen.
 */
export function InspectionFacts({ bridgeId, narrow, more }: InspectionFactsProps) {
  const api = useApi();
  const inspections = useQuery(dashboardQueries.inspections(api, bridgeId));
  if (!inspections.data) return <>{more}</>;
  const [last] = inspections.data.inspections;
  const [next] = inspections.data.schedule;
  const facts = (
    <>
      <dt>Last inspection</dt>
      <dd>{lastText(last)}</dd>
      <dt>Next inspection due</dt>
      <dd>
        <NextDue next={next} />
      </dd>
    </>
  );
  if (!narrow) return facts;
  return (
    <>
      <dt>Inspection</dt>
      <dd>
        <details className={styles.disclosure}>
          <summary>{summaryText(last, next)}</summary>
          <dl className={styles.disclosureFacts}>
            {facts}
            {more}
          </dl>
        </details>
      </dd>
    </>
  );
}
