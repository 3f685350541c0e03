import { ChooseParentDialog } from './choose-parent-dialog';
import type { BridgesDialog } from './dialogs';
import type { StructureData } from './structure-data';

interface CreateChooserProps {
  child: 'sensor' | 'datastream';
  data: StructureData;
  onOpen: (dialog: BridgesDialog) => void;
  onClose: () => void;
}

/** Asks for the span or sensor a new sensor or datastream belongs to. */
export function CreateChooser({ child, data, onOpen, onClose }: CreateChooserProps) {
  const bridgeName = (id: number) => data.bridgeById.get(id)?.name ?? 'Unknown';
  if (child === 'sensor') {
    return (
      <ChooseParentDialog
        title="Add Sensor"
        label="Span"
        placeholder="Select a span"
        options={data.spans.map((s) => ({
          value: String(s.id),
          label: `${s.span_id} (${bridgeName(s.bridge)})`,
        }))}
        onChosen={(id) => {
          const span = data.spanById.get(id);
          if (span) onOpen({ kind: 'sensor-form', span });
        }}
        onClose={onClose}
      />
    );
  }
  return (
    <ChooseParentDialog
      title="Add DataStream"
      label="Sensor"
      placeholder="Select a sensor"
      options={data.sensors.map((s) => ({
        value: String(s.id),
        label: `${s.sensor_id} (${bridgeName(s.bridge)})`,
      }))}
      onChosen={(id) => {
        const sensor = data.sensorById.get(id);
        if (sensor) onOpen({ kind: 'datastream', sensor });
      }}
      onClose={onClose}
    />
  );
}
