import { errorDetail } from '../errors';

/** Thrown by query and mutation functions so callers can show the server's `{ detail }`. */
export class ApiFailure extends Error {
  readonly detail: string | undefined;
  readonly status: number;

  constructor(fallback: string, error: unknown, status: number) {
    const detail = errorDetail(error);
    super(detail ?? fallback);
    this.name = 'ApiFailure';
    this.detail = detail;
    this.status = status;
  }
}
