import L from 'leaflet';
import { visuallyHidden } from '../../ui/layout.css';
import type { MarkerCondition } from './cluster-index';
import { CONDITION_SWATCH } from './condition-colours';
import * as styles from './markers.css';

// Icons are inline SVG in a divIcon: nothing to fetch from a CDN and nothing to bundle, and the
// colour follows the condition. Leaflet makes the icon element a focusable role="button"; the
// visually hidden text inside it is the button's accessible name.

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const cache = new Map<string, L.DivIcon>();

function cached(key: string, make: () => L.DivIcon): L.DivIcon {
  let icon = cache.get(key);
  if (!icon) {
    icon = make();
    // Bounded: only the icons on screen matter, and labels repeat as the user pans back.
    if (cache.size > 2000) cache.clear();
    cache.set(key, icon);
  }
  return icon;
}

export function bridgeMarkerLabel(name: string, condition: MarkerCondition): string {
  return `${name}, condition ${condition}`;
}

export function clusterMarkerLabel(count: number, worst: MarkerCondition): string {
  return `${count} bridges, worst condition ${worst}. Zoom in`;
}

export function bridgeIcon(name: string, condition: MarkerCondition): L.DivIcon {
  const label = bridgeMarkerLabel(name, condition);
  return cached(`b|${label}`, () => {
    const { fill } = CONDITION_SWATCH[condition];
    const svg =
      `<svg class="${styles.pin}" width="28" height="38" viewBox="0 0 28 38" aria-hidden="true" focusable="false">` +
      `<path d="M14 1C7 1 1.5 6.5 1.5 13.4 1.5 23 14 37 14 37s12.5-14 12.5-23.6C26.5 6.5 21 1 14 1z" style="fill:${fill}" stroke="#ffffff" stroke-width="2"/>` +
      `<circle cx="14" cy="13.5" r="5" fill="#ffffff"/></svg>`;
    return L.divIcon({
      className: styles.bridgeMarker,
      html: `${svg}<span class="${visuallyHidden}">${escapeHtml(label)}</span>`,
      // A 44 px square around the 28 × 38 pin: the touch target WCAG 2.5.5 asks for, with
      // the pin's tip still on the bridge.
      iconSize: [44, 44],
      iconAnchor: [22, 43],
      popupAnchor: [0, -40],
    });
  });
}

export function clusterIcon(count: number, worst: MarkerCondition): L.DivIcon {
  const label = clusterMarkerLabel(count, worst);
  return cached(`c|${label}`, () => {
    const { fill, on } = CONDITION_SWATCH[worst];
    // Larger clusters read larger, from a 44 px touch target up to a size that never hides the map.
    const size = count < 100 ? 44 : count < 1000 ? 48 : 54;
    return L.divIcon({
      className: styles.clusterMarker,
      html:
        `<span class="${styles.clusterDisc}" style="background:${fill};color:${on}" aria-hidden="true">${count}</span>` +
        `<span class="${visuallyHidden}">${escapeHtml(label)}</span>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
  });
}
