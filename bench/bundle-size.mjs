// Budgets (GUIDE "Performance budgets", issue 15): what a cold browser downloads to show a page, counted on the
// wire: the built app served by its own server (brotli or gzip as the browser asks), Debian's Chromium with an empty
// cache for every page. At most 250 kB for the first page a signed-in user sees, 300 kB for /tickets; /login is shown.
// Counted: the page, scripts, styles, fonts and images (Chromium's encodedDataLength: body as sent plus headers).
// The API's answers and the realtime connection are printed beside it but not counted: they depend on the data.
// Run: `npm run build && node --import tsx bench/bundle-size.mjs` (exits 1 over budget).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { appEnvironment, findFreePort, repoRoot, startAppProcess } from '../e2e/support/app-process.ts';

const pages = [
  { label: '/login', path: '/login', signedIn: false, ready: { role: 'button', name: 'Login' } },
  // '/' sends a signed-in user to their default login URL (/dashboard unless they chose another).
  {
    label: 'first signed-in page',
    path: '/',
    signedIn: true,
    ready: { role: 'navigation', name: 'Main navigation' },
    budget: 250_000,
  },
  {
    label: '/tickets',
    path: '/tickets',
    signedIn: true,
    ready: { role: 'navigation', name: 'Main navigation' },
    budget: 300_000,
  },
];
const adminEmail = 'bundle-bench@switchboard.test';
const adminPassword = 'Bundle-bench-password-1';
// The flags of e2e/support/browser.ts: without them Chromium keeps dialling out on this closed network.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const webDist = process.env.WEB_DIST ?? join(repoRoot, 'apps/web/dist');
if (!existsSync(join(webDist, 'index.html'))) {
  console.error(`${webDist}/index.html is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`.padStart(10);
const isData = (url) => /^\/(api|socket\.io)(\/|$)/.test(new URL(url).pathname);

/** Every response of one page load in a fresh context (empty cache): url, type, encoding and bytes on the wire. */
async function measure(browser, baseURL, { path, signedIn, ready }) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    if (signedIn) {
      // The tokens where the app keeps them, written from a same-origin URL that loads none of the app.
      const tokens = await (
        await page.request.post('/api/login', { data: { email: adminEmail, password: adminPassword } })
      ).json();
      await page.goto('/api/health');
      await page.evaluate(
        (values) => {
          for (const [key, value] of Object.entries(values)) globalThis.localStorage.setItem(key, String(value));
        },
        { access_token: tokens.access_token, refresh_token: tokens.refresh_token, token_id: tokens.token_id },
      );
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Only the page's own load is counted: /api/health above was fetched before recording started.
    const responses = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) =>
      responses.set(requestId, {
        url: response.url,
        type,
        encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '',
        // The headers' bytes, received by now (HTTP/1.1); loadingFinished adds the body's.
        headerBytes: response.encodedDataLength,
        bytes: 0,
      }),
    );
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const entry = responses.get(requestId);
      if (entry) entry.bytes = encodedDataLength;
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.getByRole(ready.role, { name: ready.name, exact: true }).first().waitFor();
    // Lazy chunks a rendered page asks for right away (the editor, say) count too.
    await page.waitForLoadState('networkidle');
    return { finalPath: new URL(page.url()).pathname, responses: [...responses.values()] };
  } finally {
    await context.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-bundle-size-'));
const env = appEnvironment({
  PORT: String(await findFreePort()),
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(await findFreePort()),
  ADMIN_EMAIL: adminEmail,
  ADMIN_PASSWORD: adminPassword,
  WEB_DIST: webDist,
});
const app = await startAppProcess(env, 'bundle-size');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: chromiumArgs,
});
let over = false;
try {
  for (const target of pages) {
    const { finalPath, responses } = await measure(browser, app.baseURL, target);
    const assets = responses.filter((response) => !isData(response.url));
    const data = responses.filter((response) => isData(response.url));
    const sum = (list) => list.reduce((total, response) => total + response.bytes, 0);
    const total = sum(assets);
    const types = [...new Set(assets.map((response) => response.type))];
    const byType = types
      .map((type) => assets.filter((response) => response.type === type))
      .map((list) => `${list[0].type} ${list.length}: ${kB(sum(list)).trim()}`);
    const plain = assets
      .filter((response) => !response.encoding && response.bytes > 2_000)
      .map((response) => new URL(response.url).pathname);
    console.log(`\n${target.label} (${finalPath}): ${assets.length} files`);
    for (const response of [...assets]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, Number(process.env.BUNDLE_TOP ?? 8))) {
      console.log(`${kB(response.bytes)}  ${response.encoding.padEnd(4)} ${new URL(response.url).pathname}`);
    }
    console.log(
      `  by type: ${byType.join(', ')}; of all that, headers ${kB(assets.reduce((total, response) => total + response.headerBytes, 0)).trim()}`,
    );
    if (plain.length > 0)
      console.log(
        `  sent uncompressed: ${plain.length} files over 2 kB (${plain.slice(0, 3).join(', ')}${plain.length > 3 ? ', ...' : ''})`,
      );
    console.log(`  API and realtime, not counted: ${data.length} answers, ${kB(sum(data)).trim()}`);
    const verdict =
      target.budget === undefined
        ? 'no budget'
        : total <= target.budget
          ? `within the ${target.budget / 1000} kB budget`
          : `OVER the ${target.budget / 1000} kB budget`;
    console.log(`${kB(total)}  downloaded cold: ${verdict}`);
    if (target.budget !== undefined && total > target.budget) over = true;
  }
} finally {
  await browser.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(over ? 1 : 0);
