import type { DisagreementKind } from '../../domain/twin-disagreement.ts';

/**
 * Two co-located twins that disagree (decision 068): in gain, or in level (a step or a drift of
 * one against the other, decision 074's 2026-12-01 section); reported, neither faulted.
 */
export interface StreamDisagreement {
  kind: DisagreementKind;
  datastreamIds: [number, number];
  streamIds: [string, string];
  onsetMs: number;
  reason: string;
  /** 'gain': the first stream's response against the second's, in % (decision 074). */
  ratioChangePercent: number | null;
  /** 'offset': the step in µε; 'drift': µε/h; the first stream's against the second's. */
  size: number | null;
}
