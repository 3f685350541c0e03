import type { LeafletKeyboardEvent, Marker as LeafletMarker } from 'leaflet';
import { memo, useMemo } from 'react';
import { Marker } from 'react-leaflet';
import type { LatLng } from '../../../domain/coordinates';
import { type MarkerCondition, severityZIndexOffset } from './cluster-index';
import { bridgeIcon } from './marker-icons';

export interface BridgeMarkerProps {
  bridgeId: number;
  name: string;
  position: LatLng;
  condition: MarkerCondition;
  onOpenDashboard: (bridge: { id: number; name: string }) => void;
  /** Shows this bridge's popup (the layer keeps one popup for all markers). */
  onShowDetails: (bridgeId: number, fromKeyboard: boolean) => void;
  onHideDetails: () => void;
  register: (bridgeId: number, marker: LeafletMarker | null) => void;
}

const isCoarsePointer = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

/**
 * One bridge. A click opens its dashboard (spec §2), a tap on a touch screen its popup; hovering, or Enter or Space on the focused
 * marker (as on any role="button"), shows the popup with its details.
 */
export const BridgeMarker = memo(function BridgeMarker({
  bridgeId,
  name,
  position,
  condition,
  onOpenDashboard,
  onShowDetails,
  onHideDetails,
  register,
}: BridgeMarkerProps) {
  const eventHandlers = useMemo(
    () => ({
      // A touch screen has no hover: the first tap shows the popup, whose link opens the
      // dashboard, so touch users see the details too.
      click: () =>
        isCoarsePointer()
          ? onShowDetails(bridgeId, false)
          : onOpenDashboard({ id: bridgeId, name }),
      mouseover: () => onShowDetails(bridgeId, false),
      keydown: (event: LeafletKeyboardEvent) => {
        const { key } = event.originalEvent;
        if (key === 'Enter' || key === ' ') {
          event.originalEvent.preventDefault();
          onShowDetails(bridgeId, true);
        } else if (key === 'Escape') {
          onHideDetails();
        }
      },
    }),
    [bridgeId, name, onOpenDashboard, onShowDetails, onHideDetails],
  );

  return (
    <Marker
      ref={(marker) => {
        register(bridgeId, marker);
        return () => register(bridgeId, null);
      }}
      position={position}
      icon={bridgeIcon(name, condition)}
      zIndexOffset={severityZIndexOffset(condition)}
      eventHandlers={eventHandlers}
    />
  );
});
