/** One structured line a server process logged (pino JSON), with the fields tests look at. */
export interface LogLine {
  /** Epoch milliseconds, as pino writes them. */
  time?: number;
  msg?: string;
  bridgeId?: number;
  retrain?: boolean;
  /** pino's level: 40 warn, 50 error. */
  level?: number;
  err?: { message?: string };
}

/** The pino JSON lines among what a process printed; plain console lines are left out. */
export function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return []; // a line cut by the chunk boundary of a process still printing
      }
    });
}

/** How many times a process logged `msg` about `bridgeId` (and, if given, that retrain value). */
export function countLogged(
  output: string,
  msg: string,
  bridgeId: number,
  retrain?: boolean,
): number {
  return logLines(output).filter(
    (line) =>
      line.msg === msg &&
      line.bridgeId === bridgeId &&
      (retrain === undefined || line.retrain === retrain),
  ).length;
}

/** The warnings and errors a process logged, one line each: what a failed assertion should show. */
export function troubleLogged(output: string): string {
  return logLines(output)
    .filter((line) => (line.level ?? 0) >= 40)
    .map((line) => `${line.msg ?? ''}${line.err?.message ? `: ${line.err.message}` : ''}`)
    .join('\n');
}
