import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import type { Bridge } from '../../api/queries/bridges';
import { dashboardSearchOf } from '../../../domain/bridge-search';
import type { LatLng } from '../../../domain/coordinates';
import type { MarkerCondition } from './cluster-index';
import * as styles from './map-page.css';

export interface BridgePopupProps {
  bridge: Bridge;
  position: LatLng;
  condition: MarkerCondition;
  /** Opened from the keyboard: focus moves into the popup so its link is one Tab away. */
  autoFocus: boolean;
  onEscape: () => void;
}

/**
 * Spec §2: name, location description, status, structure type, latitude and longitude; with the
 * condition and the active alert count (issue 36) so a responder sees the urgency before opening.
 */
export function BridgePopup({
  bridge,
  position,
  condition,
  autoFocus,
  onEscape,
}: BridgePopupProps) {
  const linkRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (autoFocus) linkRef.current?.focus();
  }, [autoFocus]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onEscape();
  };

  return (
    <div className={styles.popup} onKeyDown={onKeyDown}>
      <h2 className={styles.popupTitle}>{bridge.name}</h2>
      <p>{bridge.location.trim() || 'No location description'}</p>
      <dl className={styles.popupFacts}>
        <dt>Status</dt>
        <dd>{bridge.status}</dd>
        <dt>Structure type</dt>
        <dd>{bridge.structure_type}</dd>
        <dt>Condition</dt>
        <dd>{condition}</dd>
        {bridge.active_alerts !== undefined && (
          <>
            <dt>Active alerts</dt>
            <dd>{bridge.active_alerts}</dd>
          </>
        )}
        <dt>Latitude</dt>
        <dd>{position.lat.toFixed(4)}</dd>
        <dt>Longitude</dt>
        <dd>{position.lng.toFixed(4)}</dd>
      </dl>
      <Link
        ref={linkRef}
        to="/dashboard"
        search={dashboardSearchOf(bridge)}
        className={styles.popupLink}
      >
        Open dashboard
      </Link>
    </div>
  );
}
