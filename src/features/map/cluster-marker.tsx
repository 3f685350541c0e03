import type { LeafletKeyboardEvent } from 'leaflet';
import { memo, useMemo } from 'react';
import { Marker, useMap } from 'react-leaflet';
import type { LatLng } from '../../../domain/coordinates';
import { type MarkerCondition, severityZIndexOffset } from './cluster-index';
import { clusterIcon } from './marker-icons';

interface ClusterMarkerProps {
  count: number;
  worst: MarkerCondition;
  position: LatLng;
  expansionZoom: () => number;
}

/** A group of nearby bridges: its count and worst condition; click, Enter or Space zooms into it. */
export const ClusterMarker = memo(function ClusterMarker({
  count,
  worst,
  position,
  expansionZoom,
}: ClusterMarkerProps) {
  const map = useMap();
  const eventHandlers = useMemo(() => {
    const zoomIn = () => map.setView(position, Math.min(expansionZoom(), map.getMaxZoom()));
    return {
      click: zoomIn,
      keydown: (event: LeafletKeyboardEvent) => {
        const { key } = event.originalEvent;
        if (key === 'Enter' || key === ' ') {
          event.originalEvent.preventDefault();
          zoomIn();
        }
      },
    };
  }, [map, position, expansionZoom]);

  return (
    <Marker
      position={position}
      icon={clusterIcon(count, worst)}
      zIndexOffset={severityZIndexOffset(worst)}
      eventHandlers={eventHandlers}
    />
  );
});
