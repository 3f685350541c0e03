/** An expected failure: answered with its status and `{ detail }` by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string, id: number) => new HttpError(404, `${what} ${id} not found`);
