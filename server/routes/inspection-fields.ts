import type { RatingScale } from '../../domain/inspection-regimes.ts';
import { HttpError } from '../http-error.ts';
import type { NewInspection } from '../inspections/inspections-repository.ts';
import type { Schemas } from '../contract-types.ts';
import { optionalText, requiredText } from './text-fields.ts';

const NBI_PARTS = ['deck', 'superstructure', 'substructure'] as const;

/** The stored values of an inspection; refuses a rating off the accepted scales (400 naming it). */
export function inspectionValues(
  bridgeId: number,
  body: Schemas['InspectionInput'],
  acceptedScales: RatingScale[],
  today: string,
): NewInspection {
  if (body.inspected_on > today) {
    throw new HttpError(400, 'inspected_on: must not be in the future');
  }
  const { rating } = body;
  if (!acceptedScales.includes(rating.scale)) {
    throw new HttpError(
      400,
      `rating.scale: the bridge's inspection programme rates on the ${acceptedScales.join(' or ')} scale`,
    );
  }
  const nbi = rating.scale === 'NBI';
  for (const part of NBI_PARTS) {
    const given = rating[part] !== undefined && rating[part] !== null;
    if (nbi && !given) throw new HttpError(400, `rating.${part}: required on the NBI scale`);
    if (!nbi && given) throw new HttpError(400, `rating.${part}: not part of the BCI scale`);
  }
  const bciGiven = rating.bci !== undefined && rating.bci !== null;
  if (!nbi && !bciGiven) throw new HttpError(400, 'rating.bci: required on the BCI scale');
  if (nbi && bciGiven) throw new HttpError(400, 'rating.bci: not part of the NBI scale');
  const attachments = (body.attachments ?? []).map((name) => name.trim());
  if (attachments.some((name) => name === '')) {
    throw new HttpError(400, 'attachments: a name must not be blank');
  }
  return {
    bridgeId,
    inspectedOn: body.inspected_on,
    kind: body.kind,
    inspector: requiredText(body.inspector, 'inspector'),
    ratingScale: rating.scale,
    deckRating: rating.deck ?? null,
    superstructureRating: rating.superstructure ?? null,
    substructureRating: rating.substructure ?? null,
    bci: rating.bci ?? null,
    findings: optionalText(body.findings),
    attachments,
  };
}
