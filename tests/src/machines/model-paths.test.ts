import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type ContactEvent,
  contactMachine,
  validateContact,
} from '../../../machines/contact.machine';
import { modelPaths } from './model-paths';

const timer = (type: string) => ({ type }) as unknown as ContactEvent;

describe('model paths', () => {
  // Keyed by whether the form would send, the graph meets each screen in several runs.
  const paths = modelPaths({
    machine: contactMachine,
    events: [
      { type: 'field.changed', field: 'lastName', value: 'Curie' },
      { type: 'field.changed', field: 'firstName', value: 'Marie' },
      { type: 'field.changed', field: 'email', value: 'marie@ville.qc.ca' },
      { type: 'field.changed', field: 'email', value: 'marie@' },
      { type: 'field.changed', field: 'message', value: 'Hello' },
      { type: 'form.submitted' },
      timer('xstate.after.submitDelay.contact.submitting'),
    ],
    screenKey: ({ value, context }) => [
      value,
      Object.keys(context.errors).sort(),
      Object.keys(validateContact(context.fields)).length === 0,
    ],
  });

  it('shows at every step what a real run of those events leads to', () => {
    expect([...new Set(paths.map((path) => String(path.state.value)))].sort()).toEqual([
      'idle',
      'sent',
      'submitting',
    ]);
    for (const path of paths) {
      const actor = createActor(contactMachine).start();
      expect(path.initial.context).toEqual(actor.getSnapshot().context);
      for (const step of path.steps) {
        actor.send(step.event);
        expect(step.state.value).toEqual(actor.getSnapshot().value);
        expect(step.state.context.fields).toEqual(actor.getSnapshot().context.fields);
      }
      actor.stop();
    }
  });
});
