/** The import command's arguments (`npm run import -- --bridge N --file F ...`), checked. */
import { parseArgs } from 'node:util';
import { DATE_ORDERS, type DateOrder } from '../analytics/logger-time.ts';

export interface ImportArgs {
  bridgeId: number;
  file: string;
  entry?: string;
  mapping: Map<string, string>;
  dateOrder?: DateOrder;
  utcOffsetMinutes: number;
  dryRun: boolean;
}

export class ArgsError extends Error {}

export const USAGE = `npm run import -- --bridge N --file F [--entry NAME] [--map "column=streamId" ...]
  [--date-order dmy|mdy|ymd|ydm] [--utc-offset +02:00] [--dry-run]`;

function offsetOf(text: string): number {
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!match) throw new ArgsError(`--utc-offset must read like +02:00, not '${text}'`);
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

export function parseImportArgs(argv: string[]): ImportArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      bridge: { type: 'string' },
      file: { type: 'string' },
      entry: { type: 'string' },
      map: { type: 'string', multiple: true },
      'date-order': { type: 'string' },
      'utc-offset': { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
    strict: true,
  });
  const bridgeId = Number(values.bridge);
  if (!Number.isInteger(bridgeId) || bridgeId < 1)
    throw new ArgsError('--bridge needs a bridge id');
  if (!values.file) throw new ArgsError('--file needs the logger file to import');
  const order = values['date-order'];
  if (order !== undefined && !DATE_ORDERS.includes(order as DateOrder)) {
    throw new ArgsError(`--date-order must be one of ${DATE_ORDERS.join(', ')}`);
  }
  const mapping = new Map<string, string>();
  for (const pair of values.map ?? []) {
    const at = pair.lastIndexOf('=');
    if (at <= 0 || at === pair.length - 1) {
      throw new ArgsError(`--map takes "column=streamId", not '${pair}'`);
    }
    mapping.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return {
    bridgeId,
    file: values.file,
    entry: values.entry,
    mapping,
    dateOrder: order as DateOrder | undefined,
    utcOffsetMinutes: values['utc-offset'] ? offsetOf(values['utc-offset']) : 0,
    dryRun: values['dry-run'] === true,
  };
}
