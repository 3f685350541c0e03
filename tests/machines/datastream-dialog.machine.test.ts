import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../domain/api-error';
import {
  type AssignSensorInput,
  type CreateDatastreamInput,
  type DatastreamDialogEmitted,
  datastreamDialogMachine,
} from '../../machines/datastream-dialog.machine';

const refusal = (body: unknown) => new ApiError({ kind: 'http', status: 400, body });

function start(
  options: {
    create?: (input: CreateDatastreamInput) => Promise<unknown>;
    assign?: (input: AssignSensorInput) => Promise<unknown>;
  } = {},
) {
  const create = vi.fn(options.create ?? (async () => ({ id: 1 })));
  const assignSensor = vi.fn(options.assign ?? (async () => ({ id: 2 })));
  const machine = datastreamDialogMachine.provide({
    actors: {
      createDatastream: fromPromise(({ input }: { input: CreateDatastreamInput }) => create(input)),
      assignSensor: fromPromise(({ input }: { input: AssignSensorInput }) => assignSensor(input)),
    },
  });
  const actor = createActor(machine, { input: { sensorId: 42 } });
  const emitted: DatastreamDialogEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, create, assignSensor, emitted };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.matches('creating') && !s.matches('assigning'));

describe('datastream dialog machine', () => {
  it('starts in Create New mode with empty fields', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('create');
    expect(snapshot.context).toMatchObject({ sensorId: 42, streamId: '', dataType: '' });
  });

  it('refuses an empty create form with both messages and makes no call', () => {
    const { actor, create } = start();
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().value).toBe('create');
    expect(actor.getSnapshot().context.errors).toEqual({
      streamId: 'Stream ID is required',
      dataType: 'Data type is required',
    });
    expect(create).not.toHaveBeenCalled();
  });

  it('treats a blank stream id as missing', () => {
    const { actor } = start();
    actor.send({ type: 'field.changed', field: 'streamId', value: '   ' });
    actor.send({ type: 'field.changed', field: 'dataType', value: 'strain' });
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().context.errors).toEqual({ streamId: 'Stream ID is required' });
  });

  it('clears a field message when that field is edited', () => {
    const { actor } = start();
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'field.changed', field: 'streamId', value: 'S-1' });
    expect(actor.getSnapshot().context.errors).toEqual({ dataType: 'Data type is required' });
  });

  it('creates the stream for the sensor and ends with the success text', async () => {
    const { actor, create, emitted } = start();
    actor.send({ type: 'field.changed', field: 'streamId', value: ' west-strain ' });
    actor.send({ type: 'field.changed', field: 'dataType', value: 'strain' });
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().value).toBe('creating');
    await settled(actor);
    expect(create).toHaveBeenCalledWith({
      streamId: 'west-strain',
      dataType: 'strain',
      sensorId: 42,
      resolution: null,
    });
    expect(actor.getSnapshot().status).toBe('done');
    expect(emitted).toEqual([
      { type: 'notify', tone: 'success', message: 'Datastream created successfully' },
      { type: 'closed', saved: true },
    ]);
  });

  // Decision 052: the step its values are stored on, optional.
  it('sends a resolution typed, and refuses one that is no step above 0', async () => {
    const { actor, create } = start();
    actor.send({ type: 'field.changed', field: 'streamId', value: 'west-strain' });
    actor.send({ type: 'field.changed', field: 'dataType', value: 'strain' });
    for (const typed of ['0', '-0.01', 'fine', '2e6']) {
      actor.send({ type: 'field.changed', field: 'resolution', value: typed });
      actor.send({ type: 'form.submitted' });
      expect(actor.getSnapshot().context.errors).toEqual({
        resolution: 'Resolution must be a step above 0, such as 0.01, or left empty',
      });
    }
    expect(create).not.toHaveBeenCalled();
    actor.send({ type: 'field.changed', field: 'resolution', value: ' 0.01 ' });
    actor.send({ type: 'form.submitted' });
    await settled(actor);
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ resolution: 0.01 }));
  });

  it("shows the server's detail when creation fails", async () => {
    const { actor, emitted } = start({
      create: () => Promise.reject(refusal({ detail: 'stream_id S-1 already exists' })),
    });
    actor.send({ type: 'field.changed', field: 'streamId', value: 'S-1' });
    actor.send({ type: 'field.changed', field: 'dataType', value: 'tilt' });
    actor.send({ type: 'form.submitted' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('create');
    expect(emitted).toEqual([
      { type: 'notify', tone: 'error', message: 'stream_id S-1 already exists' },
    ]);
  });

  it("falls back to 'Failed to create datastream' without a detail", async () => {
    const { actor, emitted } = start({
      create: () => Promise.reject(new TypeError('network down')),
    });
    actor.send({ type: 'field.changed', field: 'streamId', value: 'S-1' });
    actor.send({ type: 'field.changed', field: 'dataType', value: 'tilt' });
    actor.send({ type: 'form.submitted' });
    await settled(actor);
    expect(emitted).toEqual([
      { type: 'notify', tone: 'error', message: 'Failed to create datastream' },
    ]);
  });

  it('switches to Assign Existing and back, dropping messages', () => {
    const { actor } = start();
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'mode.changed', mode: 'assign' });
    expect(actor.getSnapshot().value).toBe('assign');
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'mode.changed', mode: 'create' });
    expect(actor.getSnapshot().value).toBe('create');
  });

  it('requires a selected datastream before assigning', () => {
    const { actor, assignSensor } = start();
    actor.send({ type: 'mode.changed', mode: 'assign' });
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().context.errors).toEqual({
      datastreamId: 'Please select a datastream',
    });
    expect(assignSensor).not.toHaveBeenCalled();
  });

  it('assigns the sensor to the chosen stream by numeric ids', async () => {
    const { actor, assignSensor, emitted } = start();
    actor.send({ type: 'mode.changed', mode: 'assign' });
    actor.send({ type: 'field.changed', field: 'datastreamId', value: 9 });
    actor.send({ type: 'form.submitted' });
    await settled(actor);
    expect(assignSensor).toHaveBeenCalledWith({ sensorId: 42, datastreamId: 9 });
    expect(emitted).toEqual([
      { type: 'notify', tone: 'success', message: 'Sensor assigned successfully' },
      { type: 'closed', saved: true },
    ]);
  });

  it("shows the server's detail, else 'Failed to assign sensor'", async () => {
    const withDetail = start({
      assign: () => Promise.reject(refusal({ detail: 'datastream_id: not found' })),
    });
    const without = start({ assign: () => Promise.reject(refusal({ detail: '' })) });
    for (const { actor } of [withDetail, without]) {
      actor.send({ type: 'mode.changed', mode: 'assign' });
      actor.send({ type: 'field.changed', field: 'datastreamId', value: 9 });
      actor.send({ type: 'form.submitted' });
      await settled(actor);
      expect(actor.getSnapshot().value).toBe('assign');
    }
    expect(withDetail.emitted).toEqual([
      { type: 'notify', tone: 'error', message: 'datastream_id: not found' },
    ]);
    expect(without.emitted).toEqual([
      { type: 'notify', tone: 'error', message: 'Failed to assign sensor' },
    ]);
  });

  it('ignores a second submit while a call is running', () => {
    const { actor, create } = start({ create: () => new Promise(() => undefined) });
    actor.send({ type: 'field.changed', field: 'streamId', value: 'S-1' });
    actor.send({ type: 'field.changed', field: 'dataType', value: 'load' });
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'form.submitted' });
    actor.send({ type: 'mode.changed', mode: 'assign' });
    expect(actor.getSnapshot().value).toBe('creating');
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('ends as cancelled when the dialog is cancelled', () => {
    const { actor, emitted } = start();
    actor.send({ type: 'dialog.cancelled' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().status).toBe('done');
    expect(emitted).toEqual([{ type: 'closed', saved: false }]);
  });
});
