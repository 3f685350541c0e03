/** The import cannot start or go on; `field` names what to change (an upload's 400 names it too). */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly field: 'file' | 'map' | 'date_order' = 'file',
  ) {
    super(message);
  }
}
