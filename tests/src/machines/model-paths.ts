import { expect, it } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
  initialTransition,
  transition,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';

/** A path renders a screen and plays several steps; the shared machine can be slow. */
export const PATH_TIMEOUT_MS = 30_000;

type Snapshot<M extends AnyStateMachine> = ReturnType<M['transition']>;
type Event<M extends AnyStateMachine> = EventFromLogic<M>;

/** One rendered screen driven by the steps of a path (a fresh one per path). */
export interface ScreenDriver<M extends AnyStateMachine> {
  /** Does what a user (or the server, for an actor's answer) does to cause the event. */
  perform(event: Event<M>): Promise<void>;
  /** Checks that the screen shows what the machine's snapshot says. */
  expectShows(snapshot: Snapshot<M>): Promise<void>;
}

export interface FormModel<M extends AnyStateMachine> {
  machine: M;
  /** What a user and the server can do; the graph tries each in every state (or in the given one). */
  events: readonly Event<M>[] | ((snapshot: Snapshot<M>) => readonly Event<M>[]);
  /**
   * What makes two snapshots different screens (by default state and context); a coarser key
   * keeps the paths few, each still a real run of the machine.
   */
  screenKey?: (snapshot: Snapshot<M>) => unknown;
  /**
   * Also tells apart how a state was entered (from which state, by which event), so every move
   * between states is played, not only every screen: a form that returns to a screen it showed
   * before (a toast closed by hand or by its timer) has its ways back covered too.
   */
  everyMove?: boolean;
  input?: InputFrom<M>;
}

export interface ModelPath<M extends AnyStateMachine> {
  name: string;
  /** Where the path ends. */
  state: Snapshot<M>;
  steps: { event: Event<M>; state: Snapshot<M> }[];
  initial: Snapshot<M>;
}

const describeEvent = (event: { type: string; field?: unknown; value?: unknown }) =>
  event.type.startsWith('xstate.')
    ? event.type
        .replace(/^xstate\.(\w+)\.actor\..*$/, 'server $1')
        .replace(/^xstate\.after\.(\w+)\..*$/, 'after $1')
    : 'field' in event
      ? `${String(event.field)}=${JSON.stringify(event.value)}`
      : event.type;

/**
 * The shortest path to every screen the machine can reach (xstate/graph), each named by its
 * events. A new state, event or guard in the machine adds paths here, with no test written.
 */
export function modelPaths<M extends AnyStateMachine>(model: FormModel<M>): ModelPath<M>[] {
  const screenKey =
    model.screenKey ??
    ((s: Snapshot<M>) => {
      const { value, context } = s as AnyMachineSnapshot;
      return { value, context };
    });
  const keys = new WeakMap<object, string>();
  const paths = getShortestPaths(model.machine, {
    events: model.events,
    input: model.input,
    serializeState: (snapshot, event, previous) => {
      const screen = JSON.stringify(screenKey(snapshot as Snapshot<M>));
      let key = JSON.stringify([screen, null]);
      if (model.everyMove === true && previous !== undefined && event !== undefined) {
        if (JSON.stringify(previous.value) !== JSON.stringify(snapshot.value)) {
          key = JSON.stringify([screen, [previous.value, (event as { type: string }).type]]);
        } else if (screen === JSON.stringify(screenKey(previous as Snapshot<M>))) {
          // An event the screen ignores leads nowhere new.
          key = keys.get(previous) ?? key;
        }
      }
      keys.set(snapshot, key);
      return key;
    },
  });
  return paths.map((path) => {
    const events = (path.steps as unknown as { event: Event<M> }[]).slice(1).map((s) => s.event);
    return replay(model, events);
  });
}

/**
 * The path's events run through the machine from its start. The graph keeps one snapshot per
 * screen key, the last it met, so with a coarse key its snapshots can come from another run
 * (another text typed, an optional field filled); a replay shows what this run leads to.
 */
function replay<M extends AnyStateMachine>(
  model: FormModel<M>,
  events: readonly Event<M>[],
): ModelPath<M> {
  const start = (initialTransition as (logic: M, input?: InputFrom<M>) => [Snapshot<M>, unknown])(
    model.machine,
    model.input,
  )[0];
  let state = start;
  const steps = events.map((event) => {
    state = transition(model.machine, state as SnapshotFrom<M>, event)[0] as Snapshot<M>;
    return { event, state };
  });
  const names = events.map((event) => describeEvent(event));
  return {
    name: `${JSON.stringify(state.value)} after ${names.length === 0 ? 'nothing' : names.join(' → ')}`,
    state,
    initial: start,
    steps,
  };
}

/**
 * Every state a screen can rest in (all but the transient ones left at once by `always`), so a
 * test can check that the paths reach each: a new state the events cannot reach fails it.
 */
export function restingStates(machine: AnyStateMachine): string[] {
  return Object.entries(machine.root.states)
    .filter(([, node]) => node.always === undefined || node.always.length === 0)
    .map(([key]) => key)
    .sort();
}

/** The top-level states the paths end in. */
export function reachedStates(paths: readonly ModelPath<AnyStateMachine>[]): string[] {
  const values = paths.map((path) => path.state.value);
  return [
    ...new Set(
      values.map((value) => (typeof value === 'string' ? value : (Object.keys(value)[0] ?? ''))),
    ),
  ].sort();
}

/** Plays a path on a fresh screen, checking the screen after the start and after each step. */
export async function playPath<M extends AnyStateMachine>(
  path: ModelPath<M>,
  driver: ScreenDriver<M>,
): Promise<void> {
  await driver.expectShows(path.initial);
  for (const step of path.steps) {
    await driver.perform(step.event);
    await driver.expectShows(step.state);
  }
}

/**
 * The tests of one form: the paths reach every resting state, and each path, played on a fresh
 * screen from `open`, shows what the machine says at every step.
 */
export function testEveryPath<M extends AnyStateMachine>(
  machine: M,
  paths: readonly ModelPath<M>[],
  open: () => Promise<ScreenDriver<M>>,
): void {
  it('has paths to every state of the machine', () => {
    expect(reachedStates(paths)).toEqual(restingStates(machine));
  });

  it.each(paths.map((path) => [path.name, path] as const))(
    '%s',
    async (_, path) => {
      await playPath(path, await open());
    },
    PATH_TIMEOUT_MS,
  );
}
