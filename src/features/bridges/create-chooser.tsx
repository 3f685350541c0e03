import { ChooseParentDialog } from './choose-parent-dialog';
import type { BridgesDialog } from './dialogs';
import type { StructureData } from './structure-data';

interface CreateChooserProps {
  child: 'span' | 'sensor' | 'datastream';
  data: StructureData;
  onOpen: (dialog: BridgesDialog) => void;
  onClose: () => void;
}

/** Asks for the bridge, span or sensor a new span, sensor or datastream belongs to. */
export function CreateChooser({ child, data, onOpen, onClose }: CreateChooserProps) {
  const bridgeName = (id: number) => data.bridgeById.get(id)?.name ?? 'Unknown';
  if (child === 'span') {
    return (
      <ChooseParentDialog
        title="Add Span"
        label="Bridge"
        placeholder="Select a bridge"
        options={data.bridges.map((b) => ({ value: String(b.id), label: b.name }))}
        onChosen={(id) => {
          const bridge = data.bridgeById.get(id);
          if (bridge) onOpen({ kind: 'span-form', bridge });
        }}
        onClose={onClose}
      />
    );
  }
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
