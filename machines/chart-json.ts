import type { AnyStateMachine } from 'xstate';

/**
 * A machine's chart as JSON for the Stately editor (`npm run machines:export`): its config as
 * written in `createMachine`, paste-able as `createMachine(<file>)` in the editor's Import. Code
 * has no place in JSON: implementations (`context` factories, `input` and `params` mappers) are
 * left out, which loses nothing the chart shows, since states, events, targets, delays, tags and
 * the names of guards, actions and actors stay. An inline guard would vanish from the chart
 * unnoticed, so it is refused: name it in `setup`.
 */
export function chartJson(machine: AnyStateMachine): string {
  return `${JSON.stringify(machine.config, dropCode, 2)}\n`;
}

function dropCode(this: unknown, key: string, value: unknown): unknown {
  if (typeof value !== 'function') return value;
  if (key === 'guard') throw new Error('An inline guard cannot be exported: name it in setup()');
  return undefined;
}
