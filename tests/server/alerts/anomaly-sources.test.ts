import { describe, expect, it } from 'vitest';
import type { AnalysisOutcome } from '../../../server/alerts/analysis-outcome.ts';
import { anomalySources } from '../../../server/alerts/anomaly-sources.ts';

const withSources = (modelAlone: number, both: number, chartsAlone: number) =>
  ({
    controlChart: {
      referenceVersion: 1,
      sources: { modelAlone, both, chartsAlone },
      evidence: ['CUSUM of f1 below reference'],
    },
  }) as Pick<AnalysisOutcome, 'controlChart'> as AnalysisOutcome;

describe('the Anomaly Detection message’s sources (decision 067)', () => {
  it('adds up to the count when the charts also saw one of the model’s episodes', () => {
    // 5 model episodes, one of them also seen by the charts, and 2 only the charts saw: 7.
    expect(anomalySources('7 anomalies detected', withSources(4, 1, 2))).toBe(
      '7 anomalies detected (5 by the moving model, 1 of them also by the control charts; 2 by the control charts alone against reference version 1 (CUSUM of f1 below reference))',
    );
  });

  it('names the reference after the model’s count when the charts found nothing else', () => {
    expect(anomalySources('3 anomalies detected', withSources(2, 1, 0))).toBe(
      '3 anomalies detected (3 by the moving model, 1 of them also by the control charts against reference version 1 (CUSUM of f1 below reference))',
    );
  });

  it('says only the charts when the model found none', () => {
    expect(anomalySources('1 anomaly detected', withSources(0, 0, 1))).toBe(
      '1 anomaly detected (1 by the control charts against reference version 1 (CUSUM of f1 below reference))',
    );
  });

  it('leaves the message as it was when only the model found them', () => {
    expect(anomalySources('2 anomalies detected', withSources(2, 0, 0))).toBe(
      '2 anomalies detected',
    );
    expect(anomalySources('2 anomalies detected', {} as AnalysisOutcome)).toBe(
      '2 anomalies detected',
    );
  });
});
