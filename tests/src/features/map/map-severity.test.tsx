import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { aBridge, renderMap } from './render-map';

// Issue 36, item 9: what a responder reads on the map before opening a dashboard.
const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

// Two bridges 20 m apart: one cluster at first, two overlapping pins once zoomed into.
const critical = aBridge({
  id: 1,
  name: 'Pont Nord',
  location_on_map: '45.50020,-73.55000',
  condition: 'Critical',
  active_alerts: 3,
});
const good = aBridge({
  id: 2,
  name: 'Pont Sud',
  location_on_map: '45.50000,-73.55000',
  condition: 'Good',
  active_alerts: 0,
});

function listBridges(bridges = [good, critical]) {
  server.use(http.get(apiUrl('/api/v1/bridges'), () => HttpResponse.json(bridges)));
}

const zIndexOf = (element: HTMLElement) => Number(element.style.zIndex);

describe('Map severity, alert count and tiles', () => {
  it('draws a Critical marker above a Good one south of it, after a cluster zoom too', async () => {
    listBridges();
    renderMap();
    const cluster = await screen.findByRole('button', {
      name: '2 bridges, worst condition Critical. Zoom in',
    });
    fireEvent.click(cluster);
    const red = await screen.findByRole('button', { name: 'Pont Nord, condition Critical' });
    const green = screen.getByRole('button', { name: 'Pont Sud, condition Good' });
    // Leaflet alone puts the southern marker on top; the worse condition must win.
    await waitFor(() => expect(zIndexOf(red)).toBeGreaterThan(zIndexOf(green)));
  });

  it('ranks the layers Critical, Poor, Fair, Good, then not assessed', async () => {
    const conditions = ['Good', 'Critical', null, 'Fair', 'Poor'] as const;
    listBridges(
      conditions.map((condition, i) =>
        aBridge({ id: i + 1, name: `B${i}`, location_on_map: `${40 - i * 5},-70`, condition }),
      ),
    );
    renderMap();
    await screen.findAllByRole('button', { name: /, condition / });
    const stacked = screen
      .getAllByRole('button', { name: /, condition / })
      .sort((a, b) => zIndexOf(b) - zIndexOf(a))
      .map((m) => m.textContent?.replace(/^B\d, condition /, ''));
    expect(stacked).toEqual(['Critical', 'Poor', 'Fair', 'Good', 'Not assessed']);
  });

  it("shows the bridge's active alert count in its popup", async () => {
    listBridges([{ ...critical, location_on_map: '49,-123' }, good]);
    renderMap();
    const user = userEvent.setup();
    const marker = await screen.findByRole('button', { name: 'Pont Nord, condition Critical' });
    marker.focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Pont Nord' });
    const popup = heading.parentElement as HTMLElement;
    const facts = [...popup.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(facts).toContainEqual(['Active alerts', '3']);
    expect(within(popup).getByRole('link', { name: 'Open dashboard' })).toHaveFocus();
  });

  it('says the tiles could not be loaded when they fail, and keeps the markers', async () => {
    listBridges();
    const { container } = renderMap();
    await screen.findByRole('button', { name: /^2 bridges/ });
    expect(screen.queryByText(/Map tiles could not be loaded/)).toBeNull();

    const tiles = container.querySelectorAll('img.leaflet-tile');
    expect(tiles.length).toBeGreaterThan(0);
    tiles.forEach((tile) => fireEvent.error(tile));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Map tiles could not be loaded; bridges are still shown.',
    );
    expect(screen.getByRole('button', { name: /^2 bridges/ })).toBeInTheDocument();
  });

  it('says nothing when one tile fails among tiles that loaded', async () => {
    listBridges();
    const { container } = renderMap();
    await screen.findByRole('button', { name: /^2 bridges/ });
    // jsdom's zero-sized map holds one tile: it loads, then (as a neighbour would) fails.
    const tile = container.querySelector('img.leaflet-tile');
    if (!tile) throw new Error('no tile');
    fireEvent.load(tile);
    fireEvent.error(tile);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Map tiles could not be loaded/)).toBeNull();
  });
});
