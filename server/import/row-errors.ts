/** A row that could not be imported: its line, and what was wrong, for the person importing. */
export interface RowError {
  line: number;
  message: string;
}

/** The errors kept are bounded whatever the file; all of them are counted. */
export const MAX_KEPT_ROW_ERRORS = 100;

export class RowErrors {
  readonly kept: RowError[] = [];
  total = 0;

  add(line: number, message: string): void {
    this.total += 1;
    if (this.kept.length < MAX_KEPT_ROW_ERRORS) this.kept.push({ line, message });
  }
}
