import type { ChangeEvent } from 'react';
import { SENSOR_STATUSES } from '../../../domain/enums';
import { SelectField } from '../../ui/select-field';
import { sensorStatusLabel } from './bridge-messages';

/** The register statuses by the spec's names ('Under Maintenance'), for the create and change forms. */
export function SensorStatusField(props: {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  return (
    <SelectField
      {...props}
      placeholder="Select a status"
      options={SENSOR_STATUSES.map((s) => ({ value: s, label: sensorStatusLabel(s) }))}
    />
  );
}
