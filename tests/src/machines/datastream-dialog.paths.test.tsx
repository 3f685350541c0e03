import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect } from 'vitest';
import {
  type DatastreamDialogEvent,
  datastreamDialogMachine,
} from '../../../machines/datastream-dialog.machine';
import { ApiError } from '../../../domain/api-error';
import { DatastreamDialog } from '../../../src/features/bridges/datastream-dialog';
import { apiUrl, setupMswServer } from '../../helpers/msw';
import { datastreams, sensors, serveStructures } from '../features/bridges/fixtures';
import { renderPage } from '../features/users/render-page';
import { answerGate } from './answer-gate';
import { type ScreenDriver, modelPaths, testEveryPath } from './model-paths';

type Machine = typeof datastreamDialogMachine;
function defined<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('The bridge fixtures changed');
  return value;
}
const sensor = defined(sensors[0]);
const orphan = defined(datastreams[1]);
const listed = defined(datastreams[0]);
const REFUSAL = "stream_id 'west-strain' already exists";
const actorEvent = (type: string, payload: object) =>
  ({ type, ...payload }) as unknown as DatastreamDialogEvent;

const paths = modelPaths({
  machine: datastreamDialogMachine,
  input: { sensorId: sensor.id },
  // Each mode shows its own fields only, so only those can be typed in.
  events: (snapshot): DatastreamDialogEvent[] => [
    { type: 'mode.changed', mode: 'assign' },
    { type: 'mode.changed', mode: 'create' },
    ...(snapshot.matches('assign')
      ? [{ type: 'field.changed', field: 'datastreamId', value: orphan.id } as const]
      : [
          { type: 'field.changed', field: 'streamId', value: 'west-strain' } as const,
          { type: 'field.changed', field: 'dataType', value: 'acceleration' } as const,
        ]),
    { type: 'form.submitted' },
    { type: 'dialog.cancelled' },
    ...['creating', 'assigning'].flatMap((state) => [
      actorEvent(`xstate.done.actor.0.datastreamDialog.${state}`, { output: {} }),
      actorEvent(`xstate.error.actor.0.datastreamDialog.${state}`, {
        error: new ApiError({ kind: 'http', status: 400, body: { detail: REFUSAL } }),
      }),
    ]),
  ],
  screenKey: ({ value, context }) => ({
    value,
    fields: [context.streamId, context.dataType, context.datastreamId],
    errors: Object.keys(context.errors),
  }),
});

const server = setupMswServer();

function Host() {
  const [open, setOpen] = useState(true);
  return open ? <DatastreamDialog sensor={sensor} onClose={() => setOpen(false)} /> : null;
}

async function openDialog(): Promise<ScreenDriver<Machine>> {
  const call = answerGate<Response>();
  serveStructures(server);
  server.use(
    http.post(apiUrl('/api/v1/datastreams/create'), () => call.wait()),
    http.put(apiUrl('/api/v1/sensors/assign'), () => call.wait()),
  );
  renderPage(() => <Host />);
  const dialog = () => within(screen.getByRole('dialog'));
  // The current stream is listed once the streams are loaded, so Assign Existing can offer them.
  await screen.findByText(listed.stream_id);
  const user = userEvent.setup();
  const submitButton = () =>
    dialog().getByRole('button', { name: /^(Create Datastream|Assign Sensor)$/ });
  return {
    async perform(event) {
      const type = (event as { type: string }).type;
      if (event.type === 'mode.changed') {
        await user.click(
          dialog().getByLabelText(event.mode === 'assign' ? 'Assign Existing' : 'Create New'),
        );
      } else if (event.type === 'field.changed') {
        const label = {
          streamId: 'Stream ID',
          dataType: 'Data Type',
          resolution: 'Resolution (optional)',
          datastreamId: 'Existing datastream',
        }[event.field];
        fireEvent.change(dialog().getByLabelText(label), {
          target: { value: String(event.value) },
        });
      } else if (event.type === 'form.submitted') {
        await user.click(submitButton());
      } else if (event.type === 'dialog.cancelled') {
        await user.click(dialog().getByRole('button', { name: 'Cancel' }));
      } else if (type.startsWith('xstate.done.actor')) {
        call.answer(HttpResponse.json({ ...orphan, sensors: [sensor.id] }));
      } else {
        call.answer(HttpResponse.json({ detail: REFUSAL }, { status: 400 }));
        expect(await screen.findByRole('alert')).toHaveTextContent(REFUSAL);
      }
    },
    async expectShows(snapshot) {
      await waitFor(() => {
        if (snapshot.matches('done') || snapshot.matches('cancelled')) {
          expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
          if (snapshot.matches('done')) {
            expect(screen.getByRole('status')).toHaveTextContent(
              /^(Datastream created|Sensor assigned) successfully/,
            );
          }
          return;
        }
        const assigning = snapshot.matches('assign') || snapshot.matches('assigning');
        const busy = snapshot.matches('creating') || snapshot.matches('assigning');
        expect(dialog().getByLabelText(assigning ? 'Assign Existing' : 'Create New')).toBeChecked();
        expect(submitButton()).toHaveTextContent(assigning ? 'Assign Sensor' : 'Create Datastream');
        if (busy) expect(submitButton()).toBeDisabled();
        else expect(submitButton()).toBeEnabled();
        const { context } = snapshot;
        const fields = assigning
          ? ([['Existing datastream', 'datastreamId']] as const)
          : ([
              ['Stream ID', 'streamId'],
              ['Data Type', 'dataType'],
            ] as const);
        for (const [label, field] of fields) {
          const control = dialog().getByLabelText(label);
          const message = context.errors[field];
          if (message) expect(control).toHaveAccessibleDescription(message);
          else expect(control).not.toHaveAccessibleDescription();
          const value = context[field];
          expect(control).toHaveValue(value === null ? '' : String(value));
        }
      });
    },
  };
}

describe('Manage Datastream dialog: every path of its machine', () => {
  testEveryPath(datastreamDialogMachine, paths, openDialog);
});
