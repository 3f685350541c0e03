import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { aUser, storeTokens } from '../../../helpers/web-fixtures';
import { confederation } from '../dashboard/fixtures';

type S = components['schemas'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

const nbis: S['InspectionProgramme'] = {
  bridge: confederation.id,
  regime: 'NBIS',
  rating_scale: 'NBI',
  intervals: { routine: 24, in_depth: null, underwater: 60, special: null },
  poor_condition_factor: 0.5,
  due_lead_days: 30,
  source: '23 CFR 650.311 (NBIS, 2022)',
  stored: false,
};

const routine: S['Inspection'] = {
  id: 9,
  bridge: confederation.id,
  inspected_on: '2025-12-14',
  kind: 'routine',
  inspector: 'A. Tremblay',
  rating: { scale: 'NBI', deck: 7, superstructure: 6, substructure: 5, bci: null },
  findings: 'Spalling at pier 4',
  attachments: ['report.pdf', 'pier4.jpg'],
  photos: [],
  next_due: '2027-12-14',
};

/** A stored photo of the routine inspection, as the records list gives it. */
const photo = (id: number): S['InspectionPhoto'] => ({
  id,
  inspection: routine.id,
  content_type: 'image/jpeg',
  size_bytes: 400_000,
  sha256: String(id).repeat(64).slice(0, 64),
  taken_by: 'inspector',
  created_at: '2025-12-14T15:00:00Z',
});

/** The server as the page meets it; the programme and records change as the API would. */
function serveBridge({ staff }: { staff: boolean }) {
  storeTokens();
  const state = { programme: nbis, inspections: [routine] };
  server.use(
    http.get(apiUrl('/api/v1/user/me'), () => HttpResponse.json(aUser({ is_staff: staff }))),
    http.get(apiUrl('/api/v1/inspection-calendar'), () =>
      HttpResponse.json({ month: '2026-11', entries: [] }),
    ),
    http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json([confederation])),
    http.get(apiUrl('/api/v1/bridges/:id/inspection-programme'), () =>
      HttpResponse.json(state.programme),
    ),
    http.get(apiUrl('/api/v1/bridges/:id/inspections'), () =>
      HttpResponse.json({ inspections: state.inspections, schedule: [] }),
    ),
  );
  return state;
}

async function chooseBridge() {
  const user = userEvent.setup();
  await renderApp('/inspections');
  const chooser = await screen.findByLabelText('Bridge programme and records');
  await within(chooser).findByRole('option', { name: confederation.name });
  await user.selectOptions(chooser, confederation.name);
  return user;
}

/** The programme's facts, once loaded (a term and its value read as one text: 'Due lead30 days'). */
const programmeFacts = () =>
  screen.findByLabelText(`Inspection programme of ${confederation.name}`, { selector: 'dl' });

const recordsTable = () =>
  screen.findByRole('table', { name: new RegExp(`Inspections of ${confederation.name}`) });

describe("a bridge's inspection programme", () => {
  it('lets staff change the programme to OSIM and shows its intervals and scale', async () => {
    const state = serveBridge({ staff: true });
    let put: unknown;
    server.use(
      http.put(apiUrl('/api/v1/bridges/:id/inspection-programme'), async ({ request }) => {
        put = await request.json();
        state.programme = {
          ...nbis,
          regime: 'OSIM',
          rating_scale: 'BCI',
          intervals: { routine: 24, in_depth: null, underwater: null, special: null },
          source: 'Ontario Structure Inspection Manual (MTO)',
          stored: true,
        };
        return HttpResponse.json(state.programme);
      }),
    );
    const user = await chooseBridge();
    const facts = await programmeFacts();
    expect(facts).toHaveTextContent('Underwater inspectionEvery 60 months');
    expect(facts).toHaveTextContent('Rating scaleNBI');

    await user.click(screen.getByRole('button', { name: 'Change programme' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Inspection programme of ${confederation.name}`,
    });
    await user.selectOptions(within(dialog).getByLabelText('Regime'), 'OSIM');
    // The preset's source and fixed values show before saving.
    expect(within(dialog).getByText(/Ontario Structure Inspection Manual \(MTO\)/)).toBeVisible();
    expect(within(dialog).getByLabelText('Underwater interval (months)')).toHaveValue(null);
    expect(within(dialog).getByLabelText('Routine interval (months)')).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(put).toEqual({ regime: 'OSIM', poor_condition_factor: 0.5, due_lead_days: 30 }),
    );
    expect(
      await screen.findByText(`Inspection programme of ${confederation.name} saved`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(
        screen.getByLabelText(`Inspection programme of ${confederation.name}`),
      ).toHaveTextContent('Underwater inspectionNot periodic'),
    );
    const after = screen.getByLabelText(`Inspection programme of ${confederation.name}`);
    expect(after).toHaveTextContent('Rating scaleBCI');
    expect(after).toHaveTextContent('Routine inspectionEvery 24 months');
  }, 30_000);

  it("shows the server's refusal of custom intervals on the field it names", async () => {
    serveBridge({ staff: true });
    let put: S['InspectionProgrammeInput'] | undefined;
    server.use(
      http.put(apiUrl('/api/v1/bridges/:id/inspection-programme'), async ({ request }) => {
        put = (await request.json()) as S['InspectionProgrammeInput'];
        return HttpResponse.json(
          { detail: 'intervals.underwater: must not exceed the routine interval' },
          { status: 400 },
        );
      }),
    );
    const user = await chooseBridge();
    await programmeFacts();
    await user.click(screen.getByRole('button', { name: 'Change programme' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Regime'), 'custom');
    const routineInterval = within(dialog).getByLabelText('Routine interval (months)');
    await user.clear(routineInterval);
    await user.type(routineInterval, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const underwater = within(dialog).getByLabelText('Underwater interval (months)');
    await waitFor(() =>
      expect(underwater).toHaveAccessibleDescription('Must not exceed the routine interval'),
    );
    expect(underwater).toHaveAttribute('aria-invalid', 'true');
    expect(put).toEqual({
      regime: 'custom',
      rating_scale: 'NBI',
      intervals: { routine: 12, in_depth: null, underwater: 60, special: null },
      poor_condition_factor: 0.5,
      due_lead_days: 30,
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 30_000);

  it('shows a refusal that names no field of the form in the dialog', async () => {
    serveBridge({ staff: true });
    server.use(
      http.put(apiUrl('/api/v1/bridges/:id/inspection-programme'), () =>
        HttpResponse.json({ detail: 'bridge 3 is archived' }, { status: 400 }),
      ),
    );
    const user = await chooseBridge();
    await programmeFacts();
    await user.click(screen.getByRole('button', { name: 'Change programme' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('bridge 3 is archived');
  });
});

describe("a bridge's inspection records", () => {
  it('lists the records and lets staff correct one in the record dialog', async () => {
    const state = serveBridge({ staff: true });
    let put: { id: number; body: unknown } | undefined;
    server.use(
      http.put(apiUrl('/api/v1/inspections/:id'), async ({ request, params }) => {
        const body = (await request.json()) as S['InspectionInput'];
        put = { id: Number(params.id), body };
        const corrected = { ...routine, inspector: body.inspector };
        state.inspections = [corrected];
        return HttpResponse.json(corrected);
      }),
    );
    const user = await chooseBridge();
    const table = await recordsTable();
    const row = await within(table).findByRole('row', { name: /A\. Tremblay/ });
    for (const text of [
      '2025-12-14',
      'Routine',
      'Deck 7 · Superstructure 6 · Substructure 5',
      'Spalling at pier 4',
      'report.pdf, pier4.jpg',
      '2027-12-14',
    ]) {
      expect(row).toHaveTextContent(text);
    }

    await user.click(within(row).getByRole('button', { name: 'Edit Routine 2025-12-14' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit inspection' });
    expect(within(dialog).getByLabelText('Deck rating (0-9)')).toHaveValue(7);
    expect(within(dialog).getByLabelText('Bridge')).toBeDisabled();
    const inspector = within(dialog).getByLabelText('Inspector');
    await user.clear(inspector);
    await user.type(inspector, 'S. Singh');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(put).toEqual({
        id: routine.id,
        body: {
          inspected_on: '2025-12-14',
          kind: 'routine',
          inspector: 'S. Singh',
          rating: { scale: 'NBI', deck: 7, superstructure: 6, substructure: 5 },
          findings: 'Spalling at pier 4',
          attachments: ['report.pdf', 'pier4.jpg'],
        },
      }),
    );
    expect(
      await screen.findByText(`Inspection of ${confederation.name} saved`),
    ).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /S\. Singh/ })).toBeInTheDocument();
  }, 30_000);

  it('deletes a record only after the confirmation', async () => {
    const state = serveBridge({ staff: true });
    let deleted: number | undefined;
    server.use(
      http.delete(apiUrl('/api/v1/inspections/:id'), ({ params }) => {
        deleted = Number(params.id);
        state.inspections = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = await chooseBridge();
    const table = await recordsTable();
    await user.click(
      await within(table).findByRole('button', { name: 'Delete Routine 2025-12-14' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete inspection' });
    expect(dialog).toHaveTextContent(
      /routine inspection of Confederation Bridge .* by A\. Tremblay/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBeUndefined();

    await user.click(within(table).getByRole('button', { name: 'Delete Routine 2025-12-14' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(deleted).toBe(routine.id));
    expect(
      await within(table).findByText('No inspection recorded for this bridge.'),
    ).toBeInTheDocument();
  }, 30_000);

  it('lets staff remove a stored photo while correcting the record, at once', async () => {
    const state = serveBridge({ staff: true });
    state.inspections = [{ ...routine, photos: [photo(31), photo(32)] }];
    const deleted: number[] = [];
    server.use(
      http.get(apiUrl('/api/v1/inspection-photos/:id/thumbnail'), () =>
        HttpResponse.arrayBuffer(new Uint8Array([255, 216, 255, 217]).buffer, {
          headers: { 'Content-Type': 'image/jpeg' },
        }),
      ),
      http.delete(apiUrl('/api/v1/inspection-photos/:id'), ({ params }) => {
        deleted.push(Number(params.id));
        state.inspections = [{ ...routine, photos: [photo(32)] }];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = await chooseBridge();
    const table = await recordsTable();
    await user.click(await within(table).findByRole('button', { name: 'Edit Routine 2025-12-14' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit inspection' });
    const photos = within(dialog).getByRole('group', { name: 'Photos' });
    const removeButton = (n: number) => ({ name: `Remove Routine 2025-12-14, photo ${n}` });
    expect(within(photos).getByRole('button', removeButton(2))).toBeVisible();

    await user.click(within(photos).getByRole('button', removeButton(1)));
    await waitFor(() => expect(deleted).toEqual([31]));
    expect(await screen.findByText('Photo removed')).toBeInTheDocument();
    await waitFor(() => expect(within(photos).queryByRole('button', removeButton(1))).toBeNull());
    expect(within(photos).getByRole('button', removeButton(2))).toBeVisible();

    // Cancel keeps the removal: it was its own call, and the table reads the record again.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const kept = within(table).getByRole('list', { name: 'Photos of Routine 2025-12-14' });
    await waitFor(() => expect(within(kept).getAllByRole('listitem')).toHaveLength(1));
    expect(
      within(kept).getByRole('button', { name: 'Routine 2025-12-14, photo 1' }),
    ).toBeInTheDocument();
  }, 30_000);

  it('lists stored photos as lazy thumbnails and opens the whole photo on Enter (decision 053)', async () => {
    const state = serveBridge({ staff: false });
    state.inspections = [{ ...routine, photos: [photo(41), photo(42)] }];
    const asked: string[] = [];
    const jpeg = (what: string) => () => {
      asked.push(what);
      return HttpResponse.arrayBuffer(new Uint8Array([255, 216, 255, 217]).buffer, {
        headers: { 'Content-Type': 'image/jpeg' },
      });
    };
    server.use(
      http.get(apiUrl('/api/v1/inspection-photos/:id/thumbnail'), ({ params }) =>
        jpeg(`thumbnail ${String(params.id)}`)(),
      ),
      http.get(apiUrl('/api/v1/inspection-photos/:id'), ({ params }) =>
        jpeg(`photo ${String(params.id)}`)(),
      ),
    );
    const user = await chooseBridge();
    const table = await recordsTable();
    const list = await within(table).findByRole('list', { name: 'Photos of Routine 2025-12-14' });
    const second = await within(list).findByRole('img', { name: 'Routine 2025-12-14, photo 2' });
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).toHaveAttribute('width', '48');
    expect(second).toHaveAttribute('height', '48');
    expect(second.getAttribute('src')).toMatch(/^blob:/);
    // The list reads only the thumbnails; the whole photos wait to be asked for.
    await waitFor(() => expect(asked.sort()).toEqual(['thumbnail 41', 'thumbnail 42']));

    within(list).getByRole('button', { name: 'Routine 2025-12-14, photo 2' }).focus();
    await user.keyboard('{Enter}');
    const viewer = await screen.findByRole('dialog', { name: 'Routine 2025-12-14, photo 2' });
    expect(
      await within(viewer).findByRole('img', { name: 'Routine 2025-12-14, photo 2' }),
    ).toBeVisible();
    expect(asked).toContain('photo 42');
    expect(asked).not.toContain('photo 41');
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);

  it('shows an operator the programme and the records without any edit control', async () => {
    serveBridge({ staff: false });
    await chooseBridge();
    const facts = await programmeFacts();
    expect(facts).toHaveTextContent('Routine inspectionEvery 24 months');
    const table = await recordsTable();
    expect(await within(table).findByRole('row', { name: /A\. Tremblay/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change programme' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record inspection' })).toBeNull();
  });
});
