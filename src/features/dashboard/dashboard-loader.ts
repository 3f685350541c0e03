import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import type { Datastream } from '../../api/queries/structures';
import { dashboardQueries } from './dashboard-queries';
import { rangeFor } from './readings-range';

/** The range the readings section opens with (readings-section.tsx). */
const FIRST_RANGE = '24h';

/**
 * Starts the requests the condition is drawn from at once; none waits on another's answer. The
 * analytics requests need the bridge's name (the analytics API's `sid`, spec §7): the links that
 * open a dashboard carry it in the address (`nameHint`), else it comes from the bridge list,
 * which is usually in the cache already (the map, the switcher) and otherwise costs those
 * requests one round trip. The list has the last word: when it names the bridge otherwise
 * (renamed since the link was made), its name's requests are the ones the page waits for. The
 * route waits for what the page cannot be drawn without. The rest (fatigue, inspections, the
 * baselines, the frequency shift, the forecast, the prediction PNG drawn on the server and the
 * readings charts) starts together once those have come, and the cards show their own progress
 * and failures: started with the rest, they held the condition back behind the slowest of them on
 * the embedded database's one connection (bench:dashboard-open, decision 062).
 */
export async function loadDashboard(
  queryClient: QueryClient,
  api: ApiClient,
  bridgeId: number,
  nameHint?: string,
): Promise<void> {
  const byId = Promise.all([
    queryClient.ensureQueryData(dashboardQueries.alerts(api, bridgeId)),
    queryClient.ensureQueryData(dashboardQueries.sensors(api, bridgeId)),
    queryClient.ensureQueryData(dashboardQueries.spans(api, bridgeId)),
    queryClient.ensureQueryData(dashboardQueries.datastreams(api, bridgeId)),
  ]);
  // Both handled at once, so a failure while the bridge list is still on its way is not reported
  // as unhandled; each is awaited (and so thrown to the route) below when it still matters.
  byId.catch(() => undefined);
  const hinted = nameHint === undefined ? undefined : loadByName(queryClient, api, nameHint);
  hinted?.catch(() => undefined);

  const bridges = await queryClient.ensureQueryData(dashboardQueries.bridges(api));
  const bridge = bridges.find((b) => b.id === bridgeId);
  // The page says the bridge is not among the caller's; nothing else of it is worth waiting for.
  if (!bridge) return;
  const byName =
    hinted && bridge.name === nameHint ? hinted : loadByName(queryClient, api, bridge.name);
  const [[, , , streams]] = await Promise.all([byId, byName]);
  prefetchTheCards(queryClient, api, bridgeId, bridge.name, streams);
}

function loadByName(queryClient: QueryClient, api: ApiClient, sid: string): Promise<unknown> {
  return queryClient.ensureQueryData(dashboardQueries.anomalies(api, sid));
}

/** What the cards below the condition show; each card also asks for its own when it mounts. */
function prefetchTheCards(
  queryClient: QueryClient,
  api: ApiClient,
  bridgeId: number,
  sid: string,
  streams: Datastream[],
) {
  void queryClient.prefetchQuery(dashboardQueries.fatigue(api, bridgeId));
  void queryClient.prefetchQuery(dashboardQueries.baselines(api, bridgeId));
  void queryClient.prefetchQuery(dashboardQueries.frequencyShift(api, bridgeId));
  void queryClient.prefetchQuery(dashboardQueries.modes(api, bridgeId));
  void queryClient.prefetchQuery(dashboardQueries.cableTensions(api, bridgeId));
  void queryClient.prefetchQuery(dashboardQueries.inspections(api, bridgeId));
  void queryClient.prefetchQuery(dashboardQueries.forecast(api, sid));
  void queryClient.prefetchQuery(dashboardQueries.prediction(api, sid));
  prefetchReadings(queryClient, api, streams);
}

function prefetchReadings(queryClient: QueryClient, api: ApiClient, streams: Datastream[]) {
  const now = Date.now();
  for (const stream of streams) {
    // A stream that never sent has nothing to ask for (stream-readings.tsx).
    if (stream.last_seen === null) continue;
    const range = rangeFor(FIRST_RANGE, stream.last_seen, now);
    void queryClient.prefetchQuery(dashboardQueries.readings(api, stream.id, range));
  }
}
