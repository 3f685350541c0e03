import type { Map as LeafletMap, Marker as LeafletMarker } from 'leaflet';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Popup, useMap, useMapEvents } from 'react-leaflet';
import type { Bridge } from '../../api/queries/bridges';
import { BridgeMarker } from './bridge-marker';
import { BridgePopup } from './bridge-popup';
import { type BBox, type ClusterIndex, WORLD_BBOX } from './cluster-index';
import { ClusterMarker } from './cluster-marker';

interface ClusterLayerProps {
  index: ClusterIndex;
  bridgesById: ReadonlyMap<number, Bridge>;
  onOpenDashboard: (bridge: { id: number; name: string }) => void;
}

interface View {
  bbox: BBox;
  zoom: number;
}

interface Selection {
  bridgeId: number;
  fromKeyboard: boolean;
}

// Markers are drawn for the visible area plus a fifth of a screen around it, so a small pan
// shows no gaps while the DOM holds hundreds of markers at most, never thousands.
function viewOf(map: LeafletMap): View {
  const size = map.getSize();
  const zoom = map.getZoom();
  // Before layout (or in a test DOM) the map has no size: treat the whole world as visible.
  if (size.x === 0 || size.y === 0) return { bbox: WORLD_BBOX, zoom };
  const b = map.getBounds().pad(0.2);
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom };
}

// The pin's tip sits on the bridge; the popup opens above its head.
const POPUP_OFFSET: [number, number] = [0, -30];

export function ClusterLayer({ index, bridgesById, onOpenDashboard }: ClusterLayerProps) {
  const map = useMap();
  const [view, setView] = useState(() => viewOf(map));
  const [selected, setSelected] = useState<Selection | null>(null);
  const markers = useRef(new Map<number, LeafletMarker>());
  // 'moveend' follows every pan and zoom once it settles, so clustering runs once per gesture.
  useMapEvents({ moveend: () => setView(viewOf(map)), resize: () => setView(viewOf(map)) });

  const clusters = useMemo(() => index.clustersIn(view.bbox, view.zoom), [index, view]);
  const expansionZoomOf = useCallback((id: number) => () => index.expansionZoom(id), [index]);
  // One popup for the whole layer: a popup per marker would double the work of every redraw.
  const showDetails = useCallback(
    (bridgeId: number, fromKeyboard: boolean) => setSelected({ bridgeId, fromKeyboard }),
    [],
  );
  const hideDetails = useCallback(() => setSelected(null), []);
  const register = useCallback((bridgeId: number, marker: LeafletMarker | null) => {
    if (marker) markers.current.set(bridgeId, marker);
    else markers.current.delete(bridgeId);
  }, []);

  // The popup belongs to a drawn marker: once its bridge joins a cluster, the popup goes too.
  const shown = selected
    ? clusters.find((c) => c.kind === 'bridge' && c.bridgeId === selected.bridgeId)
    : undefined;
  const shownBridge = shown?.kind === 'bridge' ? bridgesById.get(shown.bridgeId) : undefined;
  // Each clustering makes new position objects; handed to the popup, a new one makes Leaflet
  // redraw it (setLatLng), which detaches its content and drops the focus from its link. A pan
  // (the popup's own auto-pan too) must not do that, so the position is kept while it is equal.
  const shownLat = shown?.position.lat;
  const shownLng = shown?.position.lng;
  const popupPosition = useMemo(
    () =>
      shownLat === undefined || shownLng === undefined ? null : { lat: shownLat, lng: shownLng },
    [shownLat, shownLng],
  );
  const closeAndRefocus = () => {
    const id = selected?.bridgeId;
    setSelected(null);
    if (id !== undefined) markers.current.get(id)?.getElement()?.focus();
  };

  return (
    <>
      {clusters.map((c) => {
        if (c.kind === 'cluster') {
          return (
            <ClusterMarker
              key={`c${c.clusterId}`}
              count={c.count}
              worst={c.worst}
              position={c.position}
              expansionZoom={expansionZoomOf(c.clusterId)}
            />
          );
        }
        const bridge = bridgesById.get(c.bridgeId);
        return bridge ? (
          <BridgeMarker
            key={`b${c.bridgeId}`}
            bridgeId={bridge.id}
            name={bridge.name}
            position={c.position}
            condition={c.condition}
            onOpenDashboard={onOpenDashboard}
            onShowDetails={showDetails}
            onHideDetails={hideDetails}
            register={register}
          />
        ) : null;
      })}
      {selected && shown?.kind === 'bridge' && shownBridge && popupPosition && (
        <Popup
          key={shown.bridgeId}
          position={popupPosition}
          offset={POPUP_OFFSET}
          eventHandlers={{ remove: hideDetails }}
        >
          <BridgePopup
            bridge={shownBridge}
            position={popupPosition}
            condition={shown.condition}
            autoFocus={selected.fromKeyboard}
            onEscape={closeAndRefocus}
          />
        </Popup>
      )}
    </>
  );
}
