// Swagger UI at /docs in a real browser (Debian's chromium, driven by playwright-core): the Authorize button
// mints a token with client credentials, "Try it out" on whoami answers 200, and the page loads nothing from
// another origin (its assets are served by the gateway). Skipped, saying so, where chromium is not installed.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createTestClient } from '@gateway/testing';
import { usePublicGateway } from './support/start-public-gateway';

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
if (!existsSync(CHROMIUM)) process.stderr.write(`swagger-ui-browser: skipped, ${CHROMIUM} is missing (apt-get install -y chromium)\n`);

describeWithChromium('Swagger UI in chromium (skipped when /usr/bin/chromium is missing: apt-get install -y chromium)', () => {
  const { database, gateway } = usePublicGateway();
  let profile: string;

  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  });

  afterAll(async () => {
    rmSync(profile, { recursive: true, force: true });
  });

  it('authorizes with client credentials, runs whoami with 200, and loads nothing from another origin', async () => {
    // Swagger UI's client-credentials flow sends the credentials as client_secret_basic.
    const client = await createTestClient(database.url, { type: 'SERVICE', authMethod: 'client_secret_basic' });
    const origin = new URL(gateway.url).origin;
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ['--headless', ...FLAGS] });
    const elsewhere: string[] = [];
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      // Nothing leaves the machine: a request to another origin is recorded and refused.
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (new URL(url).origin === origin) return route.continue();
        elsewhere.push(`${route.request().resourceType()} ${url}`);
        return route.abort();
      });
      await page.goto(`${gateway.url}/docs`);
      await page.locator('button.authorize').first().click();
      const oauth = page.locator('.auth-container', { has: page.locator('input[data-name="clientId"]') });
      await oauth.locator('input[data-name="clientId"]').fill(client.clientId);
      await oauth.locator('input[data-name="clientSecret"]').fill(client.clientSecret);
      const [token] = await Promise.all([page.waitForResponse((r) => r.url() === `${origin}/oauth2/token`), oauth.locator('button.authorize').click()]);
      expect(token.status()).toBe(200);
      // Authorized: the form gives way to "Authorized" and a Logout button.
      await page
        .locator('.auth-container', { hasText: 'Authorized' })
        .locator('button', { hasText: 'Logout' })
        .waitFor({ timeout: 10_000 })
        .catch(async (error: Error) => {
          throw new Error(`${error.message}\nthe dialog says: ${await page.locator('.modal-ux').innerText()}`);
        });
      await page.locator('button.btn-done').first().click();

      const whoami = page.locator('.opblock', { has: page.locator('[data-path="/v0/whoami"]') });
      await whoami.locator('.opblock-summary').click();
      await whoami.locator('button.try-out__btn').click();
      const [answer] = await Promise.all([page.waitForResponse((r) => r.url() === `${origin}/v0/whoami`), whoami.locator('button.execute').click()]);
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toEqual({ clientType: 'SERVICE', clientId: client.clientId });
      expect(answer.request().headers().authorization).toMatch(/^Bearer /);
    } finally {
      await context.close();
    }
    expect(elsewhere).toEqual([]);
  }, 120_000);
});
