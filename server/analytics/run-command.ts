import { InputError } from './csv-table.ts';

/**
 * Runs a command-line tool's main: bad input (an InputError or a RangeError) is told on stderr
 * with exit code 2, anything else with its stack and exit code 1, so a script can tell them apart.
 */
export function runCommand(name: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof InputError || error instanceof RangeError) {
      process.stderr.write(`${name}: ${error.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(
        `${name}: unexpected error: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
      process.exitCode = 1;
    }
  });
}
