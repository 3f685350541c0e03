export interface Evaluation {
  report: unknown;
  forecast: unknown;
  /** The episodes the condition stands on (held ones when held); null: not assessed, no history row. */
  numAnomalies: number | null;
  dataUntil: Date;
  evaluatedAt: Date;
  /** Expected false alarm episodes a month (null: not known). */
  falseEpisodesPerMonth?: number | null;
  /** The alarm episodes found, in data time (epoch ms), kept so no training learns them. */
  episodes?: { from: number; to: number }[];
}
