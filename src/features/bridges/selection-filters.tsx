import * as styles from './bridges-page.css';
import type { Selection } from './dialogs';
import { SelectField } from '../../ui/select-field';
import type { StructureData } from './structure-data';

export interface SelectionFiltersProps {
  data: StructureData;
  selection: Selection;
  onChange: (selection: Selection) => void;
  /** Which pickers to show: the Spans tab picks a bridge, the Sensors tab all three. */
  levels: ('bridge' | 'span' | 'sensor')[];
}

const toId = (value: string) => (value === '' ? null : Number(value));

export function SelectionFilters({ data, selection, onChange, levels }: SelectionFiltersProps) {
  const spans = data.spans.filter(
    (s) => selection.bridgeId === null || s.bridge === selection.bridgeId,
  );
  const sensors = data.sensors.filter(
    (s) =>
      (selection.bridgeId === null || s.bridge === selection.bridgeId) &&
      (selection.spanId === null || s.span === selection.spanId),
  );
  return (
    <div className={styles.filters}>
      {levels.includes('bridge') && (
        <SelectField
          label="Bridge"
          placeholder="All bridges"
          options={data.bridges.map((b) => ({ value: String(b.id), label: b.name }))}
          value={selection.bridgeId?.toString() ?? ''}
          onChange={(e) =>
            onChange({ bridgeId: toId(e.target.value), spanId: null, sensorId: null })
          }
        />
      )}
      {levels.includes('span') && (
        <SelectField
          label="Span"
          placeholder="All spans"
          options={spans.map((s) => ({ value: String(s.id), label: s.span_id }))}
          value={selection.spanId?.toString() ?? ''}
          onChange={(e) => onChange({ ...selection, spanId: toId(e.target.value), sensorId: null })}
        />
      )}
      {levels.includes('sensor') && (
        <SelectField
          label="Sensor"
          placeholder="No sensor selected"
          options={sensors.map((s) => ({ value: String(s.id), label: s.sensor_id }))}
          value={selection.sensorId?.toString() ?? ''}
          onChange={(e) => onChange({ ...selection, sensorId: toId(e.target.value) })}
        />
      )}
    </div>
  );
}
