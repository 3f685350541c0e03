import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { useApi } from '../../api/api-context';
import { dashboardQueries } from './dashboard-queries';

// Most bridges have no array of accelerometers to identify modes from: the card's drawing code
// is fetched only for one that has.
const ModesDetails = lazy(() => import('./modes-details'));

/**
 * Issue 31, decision 059: the modes identified from the span's accelerometers together, each
 * matched to the reference by frequency and shape, a lost one shown lost; their shapes along the
 * span, each mode's frequency over time, and the located-change strip. A bridge without such
 * accelerometers (at least three vertical ones with a chainage on a span) shows no card, and the
 * card appears once there is something in it rather than as a spinner that then vanishes.
 */
export function ModesCard({ bridgeId }: { bridgeId: number }) {
  const query = useQuery(dashboardQueries.modes(useApi(), bridgeId));
  const modes = query.data;
  if (!modes || (modes.reference === null && modes.latest === null)) return null;
  return (
    <Suspense fallback={null}>
      <ModesDetails modes={modes} updatedAt={query.dataUpdatedAt} />
    </Suspense>
  );
}
