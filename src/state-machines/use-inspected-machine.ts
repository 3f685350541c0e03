import { useMachine } from '@xstate/react';
import type { Actor, ActorOptions, AnyStateMachine, StateFrom } from 'xstate';
import { inspect } from '../inspector';

type MachineHook<TMachine extends AnyStateMachine> = (
  machine: TMachine,
  options: ActorOptions<TMachine>,
) => [StateFrom<TMachine>, Actor<TMachine>['send'], Actor<TMachine>];

/**
 * The one way a screen runs a machine: `useMachine` with the Stately inspector attached, so QA
 * can step through every form's actor (docs/qa-state-machines.md, "Inspecting the state
 * machines"). `inspect` does nothing until `?inspect` connects the inspector, which only the
 * dev and QA builds contain.
 */
export function useInspectedMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: Omit<ActorOptions<TMachine>, 'inspect'> = {},
): [StateFrom<TMachine>, Actor<TMachine>['send'], Actor<TMachine>] {
  // useMachine's options are a conditional tuple (input required or not) that TypeScript cannot
  // resolve for a generic machine; the caller passes `input` when its machine needs one.
  const run: MachineHook<TMachine> = useMachine;
  return run(machine, { ...options, inspect });
}
