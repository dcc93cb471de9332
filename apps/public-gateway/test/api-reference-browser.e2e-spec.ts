// The static API reference (`npm run docs`: Redoc, built offline from the committed documents) in a real
// browser (Debian's chromium, driven by playwright-core): each page, opened from the file it is, shows its
// gateway's operations, an example and a problem type, and loads nothing from anywhere else. Skipped,
// saying so, where chromium is not installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserContext, chromium } from 'playwright-core';

const root = join(__dirname, '../../..');
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const describeWithChromium = existsSync(CHROMIUM) ? describe : describe.skip;
if (!existsSync(CHROMIUM)) process.stderr.write(`api-reference-browser: skipped, ${CHROMIUM} is missing (apt-get install -y chromium)\n`);

describeWithChromium('the static API reference in chromium (skipped when /usr/bin/chromium is missing)', () => {
  let profile: string;
  let context: BrowserContext;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, [join(root, 'tools/docs.mjs')], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect([built.status, built.stdout]).toEqual([0, expect.stringContaining('dist/docs/internal.html')]);
    profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ['--headless', ...FLAGS] });
  }, 150_000);

  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it.each([
    ['public', 'orders', 'Public gateway (2026-11-28)', '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders', 'NOS-TENT-2P'],
    ['internal', 'internal-tools', 'Internal gateway (2026-11-28)', '/internal-tools/dispatch-command', 'RECEIVE_STOCK'],
  ])(
    "dist/docs/%s.html shows its operations and examples (its menu's %s), loading nothing from elsewhere",
    async (name, section, heading, path, example) => {
      const page = await context.newPage();
      const elsewhere: string[] = [];
      // Nothing leaves the machine: a request that is not for the file itself (or inline data) is recorded and refused.
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith('file://') || url.startsWith('data:')) return route.continue();
        elsewhere.push(`${route.request().resourceType()} ${url}`);
        return route.abort();
      });
      await page.goto(pathToFileURL(join(root, 'dist/docs', `${name}.html`)).href);
      await page.getByRole('heading', { name: heading }).waitFor({ timeout: 60_000 });
      expect(await page.locator('body').innerText()).toContain('Servers');
      // Redoc renders a long page's sections as they come into view: the menu's entry brings the section's in.
      await page.getByText(section, { exact: true }).first().click();
      await page.getByText(path, { exact: true }).first().waitFor({ timeout: 30_000 });
      // Examples and the problem types are in the page's document (rendered where the operation is opened).
      const html = await page.content();
      expect(html).toContain(example);
      expect(html).toContain('/problems/not-found');
      await page.close();
      expect(elsewhere).toEqual([]);
    },
    120_000,
  );
});
