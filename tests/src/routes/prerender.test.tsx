import { describe, expect, it } from 'vitest';
import { prerenderedPaths, renderPage } from '../../../src/prerender';

// The build writes these pages' HTML ahead (build/prerender-plugin.ts); what a visitor sees
// before any JavaScript runs is what renderPage returns.
describe('build-time rendering of the public pages', () => {
  it('covers home, about, FAQs and every solution and service page', () => {
    expect(prerenderedPaths).toEqual(
      expect.arrayContaining([
        '/',
        '/about',
        '/faqs',
        '/solutions/real-time-capacity-tracking',
        '/services/consulting-optimization',
      ]),
    );
    expect(prerenderedPaths).toHaveLength(13);
  });

  it.each([
    [
      '/',
      'Bridge health, watched around the clock',
      'SpanWatch — Bridge structural health monitoring',
    ],
    ['/faqs', 'Frequently Asked Questions', 'FAQs | SpanWatch'],
    [
      '/solutions/real-time-capacity-tracking',
      'Structural Condition Forecast Modeling',
      'Structural Condition Forecast Modeling | SpanWatch',
    ],
    ['/services/iot-for-connectivity', 'IoT for Connectivity', 'IoT for Connectivity | SpanWatch'],
  ])(
    '%s: its heading, header and footer, with its own title and description',
    async (path, heading, title) => {
      const page = await renderPage(path);

      const body = document.createElement('div');
      body.innerHTML = page.html;
      expect(body.querySelector('h1')?.textContent).toBe(heading);
      expect(body.querySelector('nav[aria-label="Main"]')).not.toBeNull();
      expect(body.querySelector('footer')?.textContent).toContain('Contact us');
      expect(page.title).toBe(title);
      expect(page.description.length).toBeGreaterThan(60);
    },
  );

  it('leaves head tags and scripts out of the page body', async () => {
    const page = await renderPage('/about');

    expect(page.html).not.toMatch(/<title|<meta|<script/);
  });

  it('gives every page a title and description of its own', async () => {
    const pages = await Promise.all(prerenderedPaths.map((path) => renderPage(path)));

    expect(new Set(pages.map((page) => page.title)).size).toBe(pages.length);
    expect(new Set(pages.map((page) => page.description)).size).toBe(pages.length);
  });

  it('refuses a path that is no public page', async () => {
    await expect(renderPage('/no/such/page')).rejects.toThrow('/no/such/page');
  });
});
