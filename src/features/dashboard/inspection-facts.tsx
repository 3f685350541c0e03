import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useApi } from '../../api/api-context';
import { formatCalendarDate } from '../../domain/formats';
import {
  DUE_STATUS_LABELS,
  INSPECTION_KIND_LABELS,
  ratingText,
} from '../../domain/inspection-regimes';
import { dashboardQueries } from './dashboard-queries';

/**
 * The bridge's last inspection, its rating and the next due date, as entries of the status
 * strip's condition list (issue 20: beside the monitoring condition).
 */
export function InspectionFacts({ bridgeId }: { bridgeId: number }) {
  const api = useApi();
  const inspections = useQuery(dashboardQueries.inspections(api, bridgeId));
  if (!inspections.data) return null;
  const [last] = inspections.data.inspections;
  const [next] = inspections.data.schedule;
  return (
    <>
      <dt>Last inspection</dt>
      <dd>
        {last
          ? `${formatCalendarDate(last.inspected_on)} (${INSPECTION_KIND_LABELS[last.kind]}): ${ratingText(last.rating)}`
          : 'None recorded'}
      </dd>
      <dt>Next inspection due</dt>
      <dd>
        {next ? (
          <Link to="/inspections">
            {formatCalendarDate(next.next_due)} ({INSPECTION_KIND_LABELS[next.kind]},{' '}
            {DUE_STATUS_LABELS[next.status].toLowerCase()}
            {next.shortened ? ', interval shortened by the condition' : ''})
          </Link>
        ) : (
          'Not scheduled'
        )}
      </dd>
    </>
  );
}
