import { PageSpinner } from '../../ui/spinner';

/**
 * Spec §8: a spinner while the route's loader fetches. Its own small module: a route's
 * pendingComponent is not code-split, so whatever it imports lands in every page's bundle.
 */
export function DashboardPending() {
  return <PageSpinner label="Loading bridge health" />;
}
