import type { Inspection, InspectionInput } from '../../api/queries/inspections';
import type { InspectionKind, RatingScale } from '../../../domain/inspection-regimes';
import { inRange } from '../../../domain/form-rules';

// A type alias (not an interface) so it fits useFormFields' Record constraint.
export type InspectionFormValues = {
  bridge: string;
  kind: InspectionKind;
  inspectedOn: string;
  inspector: string;
  deck: string;
  superstructure: string;
  substructure: string;
  bci: string;
  findings: string;
  /** Names of the reports and photos, one per line or separated by commas. */
  attachments: string;
};

export type InspectionFormErrors = Partial<Record<keyof InspectionFormValues, string>>;

export const emptyInspectionForm = (today: string): InspectionFormValues => ({
  bridge: '',
  kind: 'routine',
  inspectedOn: today,
  inspector: '',
  deck: '',
  superstructure: '',
  substructure: '',
  bci: '',
  findings: '',
  attachments: '',
});

const NBI_FIELDS = ['deck', 'superstructure', 'substructure'] as const;

/** The same bounds the server checks, said before the round trip. */
export function validateInspectionForm(
  values: InspectionFormValues,
  scale: RatingScale,
  today: string,
): InspectionFormErrors {
  const errors: InspectionFormErrors = {};
  if (values.bridge === '') errors.bridge = 'Choose a bridge';
  if (values.inspectedOn === '') errors.inspectedOn = 'Enter the date of the inspection';
  else if (values.inspectedOn > today) errors.inspectedOn = 'The date must not be in the future';
  if (values.inspector.trim() === '') errors.inspector = 'Enter who inspected';
  if (scale === 'NBI') {
    for (const field of NBI_FIELDS) {
      const value = values[field];
      if (!/^\d$/.test(value.trim())) errors[field] = 'A whole number from 0 to 9';
    }
  } else {
    if (!inRange(values.bci, 0, 100)) errors.bci = 'A number from 0 to 100';
  }
  return errors;
}

export function inspectionBody(values: InspectionFormValues, scale: RatingScale): InspectionInput {
  const attachments = values.attachments
    .split(/[\n,]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return {
    inspected_on: values.inspectedOn,
    kind: values.kind,
    inspector: values.inspector.trim(),
    rating:
      scale === 'NBI'
        ? {
            scale,
            deck: Number(values.deck),
            superstructure: Number(values.superstructure),
            substructure: Number(values.substructure),
          }
        : { scale, bci: Number(values.bci) },
    findings: values.findings.trim() === '' ? null : values.findings.trim(),
    attachments,
  };
}

const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A stored record as the form shows it, for correcting it. */
export const inspectionFormValues = (inspection: Inspection): InspectionFormValues => ({
  bridge: String(inspection.bridge),
  kind: inspection.kind,
  inspectedOn: inspection.inspected_on,
  inspector: inspection.inspector,
  deck: numberText(inspection.rating.deck),
  superstructure: numberText(inspection.rating.superstructure),
  substructure: numberText(inspection.rating.substructure),
  bci: numberText(inspection.rating.bci),
  findings: inspection.findings ?? '',
  attachments: inspection.attachments.join(', '),
});
