// Issue 2: what a browser downloads for /home/index, and sign-in-to-home time, each against a
// bare Vite + React page built and measured in the same run.
import { gzipSync } from 'node:zlib';
import { buildBarePage, builtAssetBytes, serveStatic } from './support/bare-page.mjs';
import { launchChromium, median, report } from './support/browser.mjs';
import { startServer } from './support/server.mjs';

const RUNS = 7;

/** Gzip bytes of the scripts and styles a page loads (measured the same way for both pages). */
function collectAssets(page) {
  const bodies = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') bodies.push(res.body().catch(() => Buffer.alloc(0)));
  });
  return async () => (await Promise.all(bodies)).reduce((sum, b) => sum + gzipSync(b).length, 0);
}

export default async function platformBench() {
  const bareDist = await buildBarePage();
  const bare = await serveStatic(bareDist);
  const server = await startServer({ SEED_DEMO: '1' });
  const browser = await launchChromium();
  try {
    // Bytes: the home page after sign-in, against the bare page.
    const ctx = await browser.newContext();
    const login = await ctx.newPage();
    await login.goto(`${server.url}/account/#/login`);
    await login.getByPlaceholder(/用户名/).fill('demo');
    await login.getByPlaceholder(/密码/).fill('demo12345');
    await login.getByRole('button', { name: '登录' }).click();
    await login.getByText('可用空间').waitFor();
    const homePage = await ctx.newPage();
    const homeBytes = collectAssets(homePage);
    await homePage.goto(`${server.url}/#/home/index`);
    await homePage.getByText('可用空间').waitFor();
    await homePage.waitForLoadState('networkidle');
    const home = await homeBytes();
    const barePage = await ctx.newPage();
    const bareBytes = collectAssets(barePage);
    await barePage.goto(bare.url);
    await barePage.locator('#ready').waitFor();
    await barePage.waitForLoadState('networkidle');
    const bareLoaded = await bareBytes();
    await ctx.close();
    report('home JS+CSS (gzip)', home, bareLoaded, 'B', { text: '<= 2.5x', test: (r) => r <= 2.5 });
    console.log(`  (bare page build on disk: ${builtAssetBytes(bareDist)} B gzip)`);

    // Time: from submitting the sign-in form to the home page's storage figures, fresh context each run.
    const signIn = [];
    const barePaint = [];
    for (let i = 0; i < RUNS; i++) {
      const c = await browser.newContext();
      const p = await c.newPage();
      await p.goto(`${server.url}/account/#/login`);
      await p.getByPlaceholder(/用户名/).fill('demo');
      await p.getByPlaceholder(/密码/).fill('demo12345');
      const t0 = performance.now();
      await p.getByRole('button', { name: '登录' }).click();
      await p.getByText('可用空间').waitFor();
      signIn.push(performance.now() - t0);
      await c.close();

      const c2 = await browser.newContext();
      const p2 = await c2.newPage();
      const t1 = performance.now();
      await p2.goto(bare.url);
      await p2.locator('#ready').waitFor();
      barePaint.push(performance.now() - t1);
      await c2.close();
    }
    report('sign-in to home (median)', median(signIn), median(barePaint), 'ms');
  } finally {
    await browser.close();
    bare.close();
    await server.stop();
  }
}
