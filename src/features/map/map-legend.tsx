import { CONDITION_SWATCH, LEGEND_ORDER } from './condition-colours';
import * as styles from './map-page.css';

/** What the marker colours mean, so colour is never the only cue a reader has to decode. */
export function MapLegend() {
  return (
    <div className={styles.legend}>
      <h2 className={styles.legendTitle} id="map-legend-title">
        Condition
      </h2>
      <ul aria-labelledby="map-legend-title" className={styles.legendList}>
        {LEGEND_ORDER.map((condition) => (
          <li key={condition} className={styles.legendItem}>
            <span
              aria-hidden="true"
              className={styles.legendSwatch}
              style={{ background: CONDITION_SWATCH[condition].fill }}
            />
            {condition}
          </li>
        ))}
      </ul>
    </div>
  );
}
