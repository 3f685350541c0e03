/**
 * Issue 36, field inspection mode (decision 053): a new inspection is kept on the device until
 * the server confirms it. Offline it says so and stays; back online it is sent once, with the
 * key that makes a retry find the first record; a closed form opens again with its draft.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../../openapi/schema';
import {
  type DraftStore,
  memoryDraftStore,
  resetDraftStoreForTests,
} from '../../../../src/features/inspections/draft-store';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser, storeTokens } from '../../../helpers/web-fixtures';
import { confederation } from '../dashboard/fixtures';

type S = components['schemas'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

const OFFLINE_TEXT = 'Saved on this phone — will send when you are back online';
const USER_ID = 7;

let store: DraftStore;
let online = true;
/** Each create request's client_key, in order. */
let keysSent: string[];
/** How the server answers a create: recorded, failing, or unreachable. */
let createAnswer: 'record' | 'fail' | 'unreachable';

function recorded(key: string): S['Inspection'] {
  return {
    id: 41,
    bridge: confederation.id,
    inspected_on: '2026-11-20',
    kind: 'routine',
    inspector: `Inspector ${key.slice(0, 4)}`,
    rating: { scale: 'NBI', deck: 7, superstructure: 6, substructure: 5, bci: null },
    findings: null,
    attachments: [],
    photos: [],
    next_due: '2028-11-20',
  };
}

beforeEach(() => {
  store = memoryDraftStore();
  resetDraftStoreForTests(store);
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  keysSent = [];
  createAnswer = 'record';
  storeTokens();
  server.use(
    http.get(apiUrl('/api/v1/user/me'), () =>
      HttpResponse.json(aUser({ id: USER_ID, is_staff: true })),
    ),
    http.get(apiUrl('/api/v1/inspection-calendar'), () =>
      HttpResponse.json({ month: '2026-11', entries: [] }),
    ),
    http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json([confederation])),
    http.get(apiUrl('/api/v1/bridges/:id/inspection-programme'), ({ params }) =>
      HttpResponse.json({
        bridge: Number(params.id),
        regime: 'NBIS',
        rating_scale: 'NBI',
        intervals: { routine: 24, in_depth: null, underwater: 60, special: null },
        poor_condition_factor: 0.5,
        due_lead_days: 30,
        source: '23 CFR 650.311 (NBIS, 2022)',
        stored: false,
      }),
    ),
    http.post(apiUrl('/api/v1/bridges/:id/inspections'), async ({ request }) => {
      if (createAnswer === 'unreachable') return HttpResponse.error();
      const body = (await request.json()) as { client_key: string };
      keysSent.push(body.client_key);
      if (createAnswer === 'fail') {
        return HttpResponse.json({ detail: 'Internal server error' }, { status: 500 });
      }
      // The server's idempotency: the first send records (201), a repeat finds it (200).
      const first = keysSent.indexOf(body.client_key) === keysSent.length - 1;
      return HttpResponse.json(recorded(body.client_key), { status: first ? 201 : 200 });
    }),
  );
});

afterEach(() => {
  resetDraftStoreForTests();
});

function goOffline() {
  online = false;
  window.dispatchEvent(new Event('offline'));
}

function comeBackOnline() {
  online = true;
  window.dispatchEvent(new Event('online'));
}

async function fillInspection(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Record inspection' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record inspection' });
  await user.selectOptions(within(dialog).getByLabelText('Bridge'), confederation.name);
  await user.type(within(dialog).getByLabelText('Inspector'), 'F. Field');
  await user.type(within(dialog).getByLabelText('Deck rating (0-9)'), '7');
  await user.type(within(dialog).getByLabelText('Superstructure rating (0-9)'), '6');
  await user.type(within(dialog).getByLabelText('Substructure rating (0-9)'), '5');
  return dialog;
}

describe('inspection drafts on the device', () => {
  it('keeps an inspection saved offline on the phone, says so, and sends it once back online', async () => {
    const user = userEvent.setup();
    await renderApp('/inspections');
    const dialog = await fillInspection(user);
    goOffline();
    createAnswer = 'unreachable';
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const outbox = await screen.findByRole('region', { name: 'Inspections saved on this phone' });
    expect(within(outbox).getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
    expect(outbox).toHaveTextContent('Confederation Bridge');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await store.list(USER_ID)).toHaveLength(1);
    expect(keysSent).toEqual([]);

    createAnswer = 'record';
    comeBackOnline();
    expect(await screen.findByText('Inspection of Confederation Bridge sent')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Inspections saved on this phone' })).toBeNull(),
    );
    expect(keysSent).toHaveLength(1);
    expect(await store.list(USER_ID)).toEqual([]);
  }, 30_000);

  it('removes the draft only once the server confirms, and a retry sends the same key', async () => {
    const user = userEvent.setup();
    await renderApp('/inspections');
    const dialog = await fillInspection(user);
    createAnswer = 'fail';
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const outbox = await screen.findByRole('region', { name: 'Inspections saved on this phone' });
    expect(within(outbox).getByRole('status')).toHaveTextContent(
      'Saved on this phone — not sent yet',
    );
    expect(await store.list(USER_ID)).toHaveLength(1);

    createAnswer = 'record';
    await user.click(within(outbox).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Inspection of Confederation Bridge sent')).toBeInTheDocument();
    expect(keysSent).toHaveLength(2);
    expect(keysSent[1]).toBe(keysSent[0]);
    expect(await store.list(USER_ID)).toEqual([]);
  }, 30_000);

  it('opens a closed form again with what was typed, until the draft is discarded', async () => {
    const user = userEvent.setup();
    const first = await renderApp('/inspections');
    await fillInspection(user);
    await waitFor(async () =>
      expect((await store.list(USER_ID))[0]?.values.inspector).toBe('F. Field'),
    );
    // The tab closed: the whole app goes, the device keeps the draft.
    first.unmount();

    await renderApp('/inspections');
    await user.click(await screen.findByRole('button', { name: 'Record inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record inspection' });
    expect(await within(dialog).findByText(/Restored the draft saved on this phone/)).toBeVisible();
    expect(within(dialog).getByLabelText('Inspector')).toHaveValue('F. Field');
    expect(within(dialog).getByLabelText('Deck rating (0-9)')).toHaveValue(7);

    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Inspector')).toHaveValue(''));
    expect(await store.list(USER_ID)).toEqual([]);
    expect(keysSent).toEqual([]);
  }, 30_000);
});
