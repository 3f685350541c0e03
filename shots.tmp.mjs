import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4900';
const [who, outPrefix, ...paths] = process.argv.slice(2);
const accounts = {
  staff: { email: 'staff@spanwatch.demo', password: 'SpanWatch-staff-1' },
  operator: { email: 'operator@spanwatch.demo', password: 'SpanWatch-operator-1' },
};
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const size of [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
]) {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.hasTouch, isMobile: size.isMobile ?? false, baseURL: base });
  const page = await context.newPage();
  await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
  const res = await page.request.post('/api/v1/auth/login', { data: accounts[who] });
  const t = await res.json();
  await page.goto('/favicon.svg');
  await page.evaluate(({ access, refresh }) => { localStorage.setItem('access', access); localStorage.setItem('refresh', refresh); }, t);
  for (const path of paths) {
    await page.goto(path);
    await page.waitForTimeout(8000);
    const name = `/tmp/shots/${outPrefix}-${path.replace(/[^a-z0-9]+/gi, '_')}-${size.name}.png`;
    await page.screenshot({ path: name, fullPage: false });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(name, 'scrollWidth', width, 'height', height);
  }
  await context.close();
}
await browser.close();
