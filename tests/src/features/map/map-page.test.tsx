import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { CONDITION_SWATCH } from '../../../../src/features/map/condition-colours';
import { aBridge, renderMap } from './render-map';

const server = setupMswServer();
// Leaflet and the first map render are slow to warm up on a busy test machine.
configure({ asyncUtilTimeout: 4000 });
const BRIDGES = apiUrl('/api/v1/bridges');

const lionsGate = aBridge({
  id: 1,
  name: 'Lions Gate Bridge',
  location: 'Vancouver, BC. Crosses the First Narrows.',
  location_on_map: '49.31502,-123.13861',
  status: 'Open',
  structure_type: 'Suspension',
});
const jacquesCartier = aBridge({
  id: 2,
  name: 'Jacques Cartier Bridge',
  location: '  ',
  location_on_map: '45.52194,-73.54023',
  status: 'Restricted',
  structure_type: 'Cantilever truss',
});
const confederation = aBridge({
  id: 3,
  name: 'Confederation Bridge',
  location_on_map: '46.2,-63.7',
});
const offMap = [
  aBridge({ id: 4, name: 'Hartland Covered Bridge', location_on_map: null }),
  aBridge({ id: 5, name: 'Too Far North', location_on_map: '91,-66' }),
  aBridge({ id: 6, name: 'Three Parts', location_on_map: '45,-66,3' }),
  aBridge({ id: 7, name: 'Not A Number', location_on_map: 'north,west' }),
];

function listBridges(bridges = [lionsGate, jacquesCartier, confederation, ...offMap]) {
  server.use(http.get(BRIDGES, () => HttpResponse.json(bridges)));
}

const markerNames = () =>
  screen.getAllByRole('button', { name: /, condition / }).map((m) => m.textContent);

async function openPopupByKeyboard(name: string) {
  const user = userEvent.setup();
  const marker = await screen.findByRole('button', { name: `${name}, condition Not assessed` });
  marker.focus();
  await user.keyboard('{Enter}');
  const heading = await screen.findByRole('heading', { level: 2, name });
  return heading.parentElement as HTMLElement;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Bridge map', () => {
  it("shows 'Loading map...' while the bridge list loads, then the map", async () => {
    server.use(
      http.get(BRIDGES, async () => {
        await delay(50);
        return HttpResponse.json([lionsGate]);
      }),
    );
    renderMap();
    expect(await screen.findByText('Loading map...')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Lions Gate Bridge, condition Not assessed' });
    expect(screen.queryByText('Loading map...')).not.toBeInTheDocument();
  });

  it('draws a marker only for bridges whose location passes spec §5', async () => {
    listBridges();
    renderMap();
    await screen.findAllByRole('button', { name: /, condition / });
    expect(markerNames().sort()).toEqual([
      'Confederation Bridge, condition Not assessed',
      'Jacques Cartier Bridge, condition Not assessed',
      'Lions Gate Bridge, condition Not assessed',
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the popup from the keyboard with the fields of spec §2, to 4 decimals', async () => {
    listBridges();
    renderMap();
    const popup = await openPopupByKeyboard('Lions Gate Bridge');

    expect(popup).toHaveTextContent('Vancouver, BC. Crosses the First Narrows.');
    const facts = [...popup.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['Status', 'Open'],
      ['Structure type', 'Suspension'],
      ['Condition', 'Not assessed'],
      ['Latitude', '49.3150'],
      ['Longitude', '-123.1386'],
    ]);
    // Focus moved into the popup, so its action is reachable at once.
    expect(within(popup).getByRole('link', { name: 'Open dashboard' })).toHaveFocus();
  });

  it("says 'No location description' when a bridge has none", async () => {
    listBridges();
    renderMap();
    const popup = await openPopupByKeyboard('Jacques Cartier Bridge');
    expect(popup).toHaveTextContent('No location description');
    expect(popup).toHaveTextContent('Restricted');
    expect(popup).toHaveTextContent('45.5219');
    expect(popup).toHaveTextContent('-73.5402');
  });

  it('opens the popup when the pointer rests on a marker', async () => {
    listBridges();
    renderMap();
    const user = userEvent.setup();
    await user.hover(
      await screen.findByRole('button', { name: 'Confederation Bridge, condition Not assessed' }),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Confederation Bridge' }),
    ).toBeInTheDocument();
  });

  it("goes to the bridge's dashboard when its marker is clicked", async () => {
    listBridges();
    const { router } = renderMap();
    // A bare click: user-event would hover first, and jsdom's zero-sized map cannot place the
    // pointer events Leaflet then derives (it reads NaN coordinates; a browser has a real size).
    fireEvent.click(
      await screen.findByRole('button', { name: 'Jacques Cartier Bridge, condition Not assessed' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Bridge health' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toEqual({ bridge: 2, name: 'Jacques Cartier Bridge' });
  });

  it('on a touch screen, a tap shows the popup instead of leaving the map', async () => {
    // jsdom has no matchMedia: this one answers as a phone would.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }));
    listBridges();
    const { router } = renderMap();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Jacques Cartier Bridge, condition Not assessed' }),
    );
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Jacques Cartier Bridge',
    });
    const popup = heading.closest('.leaflet-popup') as HTMLElement;
    expect(within(popup).getByRole('link', { name: 'Open dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/map');
  });

  it("goes to the bridge's dashboard from the popup's link", async () => {
    listBridges();
    const { router } = renderMap();
    const user = userEvent.setup();
    const popup = await openPopupByKeyboard('Confederation Bridge');
    await user.click(within(popup).getByRole('link', { name: 'Open dashboard' }));
    await screen.findByRole('heading', { level: 1, name: 'Bridge health' });
    expect(router.state.location.search).toEqual({ bridge: 3, name: 'Confederation Bridge' });
  });

  it("shows 'Failed to fetch bridges' when the list fails", async () => {
    server.use(http.get(BRIDGES, () => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
    renderMap();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch bridges');
    expect(screen.queryByText('Loading map...')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /, condition / })).not.toBeInTheDocument();
  });

  it("shows 'No bridges with valid locations found' when no bridge can be placed", async () => {
    listBridges(offMap);
    renderMap();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No bridges with valid locations found',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /, condition / })).not.toBeInTheDocument();
  });

  it('names the bridges it cannot place and where to set their location', async () => {
    listBridges();
    renderMap();
    const panel = await screen.findByRole('region', { name: 'Bridges without a location' });
    expect(panel).toHaveTextContent('4 bridges have no location: set it in Bridge Management');
    expect(within(panel).getByRole('link', { name: 'Bridge Management' })).toHaveAttribute(
      'href',
      '/bridges',
    );
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(offMap.map((b) => b.name));
  });

  it('says it in the singular for one bridge, and nothing when every bridge is placed', async () => {
    listBridges([lionsGate, ...offMap.slice(0, 1)]);
    const { unmount } = renderMap();
    expect(
      await screen.findByText('1 bridge has no location: set it in', { exact: false }),
    ).toBeInTheDocument();
    unmount();
    listBridges([lionsGate]);
    renderMap();
    await screen.findByRole('button', { name: /^Lions Gate Bridge,/ });
    expect(screen.queryByRole('region', { name: 'Bridges without a location' })).toBeNull();
  });

  it('keeps its toast for 3000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    listBridges(offMap);
    renderMap();
    const toast = await screen.findByRole('alert');
    act(() => vi.advanceTimersByTime(2800));
    expect(toast).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(400));
    expect(toast).not.toBeInTheDocument();
  });

  it.each(['Good', 'Fair', 'Poor', 'Critical', null] as const)(
    "colours a marker by the bridge's condition (%s)",
    async (condition) => {
      listBridges([{ ...lionsGate, condition }]);
      renderMap();
      const shown = condition ?? 'Not assessed';
      const marker = await screen.findByRole('button', {
        name: `Lions Gate Bridge, condition ${shown}`,
      });
      const style = marker.querySelector('path')?.getAttribute('style') ?? '';
      expect(style.replace(/\s/g, '')).toBe(`fill:${CONDITION_SWATCH[shown].fill}`);
    },
  );

  it('gives each condition its own marker colour', () => {
    const fills = Object.values(CONDITION_SWATCH).map((swatch) => swatch.fill);
    expect(new Set(fills).size).toBe(5);
  });

  it('groups nearby bridges into a cluster with their count and worst condition', async () => {
    const champlain = aBridge({
      id: 8,
      name: 'Samuel De Champlain Bridge',
      location_on_map: '45.4626,-73.5197',
      condition: 'Poor',
    });
    listBridges([lionsGate, { ...jacquesCartier, condition: 'Fair' }, champlain]);
    renderMap();
    const user = userEvent.setup();
    const cluster = await screen.findByRole('button', {
      name: '2 bridges, worst condition Poor. Zoom in',
    });
    expect(cluster).toHaveTextContent('2');
    expect(markerNames()).toEqual(['Lions Gate Bridge, condition Not assessed']);

    await user.click(cluster);
    await screen.findByRole('button', { name: 'Samuel De Champlain Bridge, condition Poor' });
    expect(
      screen.getByRole('button', { name: 'Jacques Cartier Bridge, condition Fair' }),
    ).toBeInTheDocument();
  });
});

describe('Map sidebar', () => {
  const menu = () => screen.getByRole('navigation', { name: 'Map menu' });

  it('lists Bridge Locations, Bridges and Settings, and no Users entry for non-staff', async () => {
    listBridges([lionsGate]);
    renderMap({ isStaff: false });
    await screen.findByRole('button', { name: /Lions Gate/ });
    const entries = within(menu())
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    // Inspections as in the top bar elsewhere (issue 36); the staff screens are not offered.
    expect(entries).toEqual(['Bridge Locations', 'Bridges', 'Inspections', 'Settings']);
  });

  it('adds Users and Notifications for staff, and its entries lead to their screens', async () => {
    listBridges([lionsGate]);
    const { router } = renderMap({ isStaff: true });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: /Lions Gate/ });
    expect(
      within(menu())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Bridge Locations',
      'Bridges',
      'Users',
      'Notifications',
      'Inspections',
      'Operations',
      'Audit log',
      'Settings',
    ]);

    await user.click(within(menu()).getByRole('link', { name: 'Users' }));
    await screen.findByRole('heading', { level: 1, name: 'User Management' });
    expect(router.state.location.pathname).toBe('/users');
  });

  it('opens as a drawer from the Menu button and closes with Escape', async () => {
    listBridges([lionsGate]);
    renderMap();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(within(menu()).getByRole('link', { name: 'Bridge Locations' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
