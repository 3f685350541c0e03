export interface Evaluation {
  report: unknown;
  forecast: unknown;
  numAnomalies: number;
  dataUntil: Date;
  evaluatedAt: Date;
  /** Expected false alarm episodes a month (null: not known). */
  falseEpisodesPerMonth?: number | null;
}
