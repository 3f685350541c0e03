import type { FormEvent, ReactNode } from 'react';
import type { Sensor } from '../../api/queries/structures';
import { Button } from '../../ui/button';
import type { Selection } from './dialogs';
import * as styles from './fatigue-detail.css';
import type { StructureData } from './structure-data';

/** What a section under the Sensors tab about the selected sensor is given. */
export interface SensorSectionProps {
  data: StructureData;
  selection: Selection;
  /** Staff or the sensor's company administrator edit it (the server decides the same). */
  manages: boolean;
}

/** The sensor selected in the Sensors tab, if any. */
export const selectedSensor = ({ data, selection }: SensorSectionProps): Sensor | undefined =>
  selection.sensorId === null ? undefined : data.sensorById.get(selection.sensorId);

/** A selected sensor's form: its fields, and a save button for those who may change them. */
export function SensorSectionForm({
  label,
  editable,
  busy,
  saveText,
  onSubmit,
  children,
}: {
  label: string;
  editable: boolean;
  busy: boolean;
  saveText: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
      {editable && (
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {saveText}
          </Button>
        </div>
      )}
    </form>
  );
}
