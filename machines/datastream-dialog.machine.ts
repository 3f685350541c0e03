import { assign, emit, fromPromise, setup } from 'xstate';
import { isApiError } from '../domain/api-error';
import type { DataType } from '../domain/enums';
import { RESOLUTION_INVALID, resolutionOf } from '../domain/stream-resolution';

// The Manage Datastream dialog of spec §2 and §4: two modes (Create New is the default),
// validation of spec §5 before any call, and the toasts of spec §8.
export type DatastreamDialogMode = 'create' | 'assign';
export type DatastreamDialogField = 'streamId' | 'dataType' | 'resolution' | 'datastreamId';
export type DatastreamDialogErrors = Partial<Record<DatastreamDialogField, string>>;

export const DATASTREAM_DIALOG_TEXT = {
  streamIdRequired: 'Stream ID is required',
  dataTypeRequired: 'Data type is required',
  datastreamRequired: 'Please select a datastream',
  resolutionInvalid: RESOLUTION_INVALID,
  createFailed: 'Failed to create datastream',
  assignFailed: 'Failed to assign sensor',
  created: 'Datastream created successfully',
  assigned: 'Sensor assigned successfully',
} as const;

export interface DatastreamDialogInput {
  /** The sensor's numeric id. */
  sensorId: number;
}

export interface DatastreamDialogContext {
  sensorId: number;
  streamId: string;
  dataType: DataType | '';
  /** The step its values are stored on, as typed; empty: stored exactly (decision 052). */
  resolution: string;
  datastreamId: number | null;
  errors: DatastreamDialogErrors;
}

export type DatastreamDialogEvent =
  | { type: 'mode.changed'; mode: DatastreamDialogMode }
  | { type: 'field.changed'; field: 'streamId'; value: string }
  | { type: 'field.changed'; field: 'dataType'; value: DataType | '' }
  | { type: 'field.changed'; field: 'resolution'; value: string }
  | { type: 'field.changed'; field: 'datastreamId'; value: number | null }
  | { type: 'form.submitted' }
  | { type: 'dialog.cancelled' };

/**
 * What the screen is asked to do (the machine never touches toasts, the query cache or the
 * dialog): show a toast, and close once the dialog is done, `saved` when a call succeeded.
 */
export type DatastreamDialogEmitted =
  | { type: 'notify'; tone: 'success' | 'error'; message: string }
  | { type: 'closed'; saved: boolean };

export interface CreateDatastreamInput {
  streamId: string;
  dataType: DataType;
  sensorId: number;
  /** Null: stored exactly. */
  resolution: number | null;
}

export interface AssignSensorInput {
  sensorId: number;
  datastreamId: number;
}

function notProvided(name: string): never {
  throw new Error(`${name} must be provided with machine.provide()`);
}

/** The server's `{ detail }` when it sent one (spec §8), else undefined. */
const serverDetail = (error: unknown): string | undefined =>
  isApiError(error) ? error.detail : undefined;

function createErrors(context: DatastreamDialogContext): DatastreamDialogErrors {
  const errors: DatastreamDialogErrors = {};
  if (context.streamId.trim() === '') errors.streamId = DATASTREAM_DIALOG_TEXT.streamIdRequired;
  if (context.dataType === '') errors.dataType = DATASTREAM_DIALOG_TEXT.dataTypeRequired;
  if (resolutionOf(context.resolution) === undefined) {
    errors.resolution = DATASTREAM_DIALOG_TEXT.resolutionInvalid;
  }
  return errors;
}

function assignErrors(context: DatastreamDialogContext): DatastreamDialogErrors {
  return context.datastreamId === null
    ? { datastreamId: DATASTREAM_DIALOG_TEXT.datastreamRequired }
    : {};
}

const isEmpty = (errors: DatastreamDialogErrors) => Object.keys(errors).length === 0;

export const datastreamDialogMachine = setup({
  types: {
    input: {} as DatastreamDialogInput,
    context: {} as DatastreamDialogContext,
    events: {} as DatastreamDialogEvent,
    emitted: {} as DatastreamDialogEmitted,
  },
  actors: {
    // I/O lives only here; the screen provides the real calls, tests provide fixtures.
    createDatastream: fromPromise<unknown, CreateDatastreamInput>(async () =>
      notProvided('createDatastream'),
    ),
    assignSensor: fromPromise<unknown, AssignSensorInput>(async () => notProvided('assignSensor')),
  },
  guards: {
    // Named, not inline, so the exported chart (npm run machines:export) keeps them.
    choseAssign: ({ event }) => event.type === 'mode.changed' && event.mode === 'assign',
    choseCreate: ({ event }) => event.type === 'mode.changed' && event.mode === 'create',
    isCreateValid: ({ context }) => isEmpty(createErrors(context)),
    isAssignValid: ({ context }) => isEmpty(assignErrors(context)),
  },
  actions: {
    updateField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      // Editing a field clears that field's message, as on the other forms of the spec.
      const errors = Object.fromEntries(
        Object.entries(context.errors).filter(([field]) => field !== event.field),
      );
      return { [event.field]: event.value, errors };
    }),
    clearMessages: assign({ errors: {} }),
    showCreateErrors: assign({ errors: ({ context }) => createErrors(context) }),
    showAssignErrors: assign({ errors: ({ context }) => assignErrors(context) }),
    notifyCreateFailure: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      tone: 'error' as const,
      message: serverDetail(params.error) ?? DATASTREAM_DIALOG_TEXT.createFailed,
    })),
    notifyAssignFailure: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      tone: 'error' as const,
      message: serverDetail(params.error) ?? DATASTREAM_DIALOG_TEXT.assignFailed,
    })),
    notifyCreated: emit({
      type: 'notify',
      tone: 'success',
      message: DATASTREAM_DIALOG_TEXT.created,
    } as const),
    notifyAssigned: emit({
      type: 'notify',
      tone: 'success',
      message: DATASTREAM_DIALOG_TEXT.assigned,
    } as const),
    closeSaved: emit({ type: 'closed', saved: true } as const),
    closeUnsaved: emit({ type: 'closed', saved: false } as const),
  },
}).createMachine({
  id: 'datastreamDialog',
  context: ({ input }) => ({
    sensorId: input.sensorId,
    streamId: '',
    dataType: '',
    resolution: '',
    datastreamId: null,
    errors: {},
  }),
  initial: 'create',
  on: {
    'dialog.cancelled': { target: '.cancelled' },
  },
  states: {
    create: {
      on: {
        'mode.changed': {
          guard: 'choseAssign',
          target: 'assign',
          actions: 'clearMessages',
        },
        'field.changed': { actions: 'updateField' },
        'form.submitted': [
          { guard: 'isCreateValid', target: 'creating', actions: 'clearMessages' },
          { actions: 'showCreateErrors' },
        ],
      },
    },
    creating: {
      invoke: {
        src: 'createDatastream',
        input: ({ context }) => ({
          streamId: context.streamId.trim(),
          dataType: context.dataType as DataType,
          sensorId: context.sensorId,
          resolution: resolutionOf(context.resolution) ?? null,
        }),
        onDone: { target: 'done', actions: 'notifyCreated' },
        onError: {
          target: 'create',
          actions: {
            type: 'notifyCreateFailure',
            params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
          },
        },
      },
    },
    assign: {
      on: {
        'mode.changed': {
          guard: 'choseCreate',
          target: 'create',
          actions: 'clearMessages',
        },
        'field.changed': { actions: 'updateField' },
        'form.submitted': [
          { guard: 'isAssignValid', target: 'assigning', actions: 'clearMessages' },
          { actions: 'showAssignErrors' },
        ],
      },
    },
    assigning: {
      invoke: {
        src: 'assignSensor',
        input: ({ context }) => ({
          sensorId: context.sensorId,
          datastreamId: context.datastreamId ?? 0,
        }),
        onDone: { target: 'done', actions: 'notifyAssigned' },
        onError: {
          target: 'assign',
          actions: {
            type: 'notifyAssignFailure',
            params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
          },
        },
      },
    },
    done: { type: 'final', entry: 'closeSaved' },
    cancelled: { type: 'final', entry: 'closeUnsaved' },
  },
});
