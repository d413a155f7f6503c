import {
  findAccount,
  lastLocate,
  type PhoneProcess,
  passFindGate,
  scrollsSideways,
  startPhone,
} from './support/find';
import { expect, shot, signIn, test } from './support/fixtures';

/**
 * Without a tile setting (the test server has none) the find-my-phone map is drawn from the
 * packaged shapes: countries, China's provinces and the cities around the phone, with names.
 */
const phones: PhoneProcess[] = [];
test.afterEach(async () => {
  for (const p of phones.splice(0)) await p.stop();
});

const SHAPES = /\/assets\/(world\.zh|china|[a-z_0-9]+_geo)-[\w-]+\.json$/;

for (const screen of [
  { name: 'desktop', width: 1374, height: 900, touch: false },
  { name: 'phone', width: 375, height: 812, touch: true },
]) {
  test(`find map without tiles: the offline base map of countries, provinces and cities [${screen.name}]`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const context = await browser.newContext({
      baseURL,
      viewport: { width: screen.width, height: screen.height },
      hasTouch: screen.touch,
      isMobile: screen.touch,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const shapes: string[] = [];
    const tiles: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (SHAPES.test(url.pathname)) shapes.push(url.pathname);
      if (r.resourceType() === 'image' && url.origin !== new URL(baseURL ?? '').origin) tiles.push(r.url());
    });
    const account = findAccount(`fb${screen.name[0]}`);
    const phone = await startPhone(baseURL ?? '', account, 'Huawei', 'Mate 60');
    phones.push(phone);

    await signIn(page, account.username, account.password);
    // The first page carries no shapes: they come with the map, in chunks of their own.
    expect(shapes).toEqual([]);
    await passFindGate(page, account.email);
    await phone.waitFor('收到定位指令');
    await expect(page.locator('.find-location__state')).toHaveText('已获取手机的最新位置', {
      timeout: 15_000,
    });
    await expect(page.locator('.find-marker')).toBeVisible();

    const map = page.locator('.find-map');
    await expect(map).toHaveClass(/base-map--offline/);
    await expect(page.locator('.find-map__note')).toHaveText('离线底图：国家与省市边界（未配置在线地图）');
    // Drawn as SVG paths: the world's countries, the provinces, and the cities of the phone's province.
    await expect.poll(() => map.locator('path.base-map-country').count()).toBeGreaterThan(150);
    await expect.poll(() => map.locator('path.base-map-province').count()).toBeGreaterThan(30);
    await expect.poll(() => map.locator('path.base-map-city').count()).toBeGreaterThan(3);
    await expect(map.locator('.leaflet-tile')).toHaveCount(0);
    expect(tiles).toEqual([]);
    // Only the phone's own province's cities were fetched, besides the two whole maps.
    const cityFiles = shapes.filter((s) => s.includes('_geo-'));
    expect(cityFiles.length).toBeGreaterThanOrEqual(1);
    expect(cityFiles.length).toBeLessThan(6);
    await expect(map.locator('.leaflet-control-attribution')).toContainText('china-geojson');
    await shot(page, `base-map-map-${screen.name}-street`);

    // Zoomed out, the provinces are named.
    const zoomOut = page.getByRole('button', { name: '缩小' });
    await expect(async () => {
      await zoomOut.click({ timeout: 2000 });
      await expect(map.locator('.base-map-label--province').first()).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 40_000 });
    await expect.poll(() => map.locator('.base-map-label--province').count()).toBeGreaterThan(20);
    await expect(map.locator('.base-map-label--province', { hasText: /^北京$/ })).toHaveCount(1);
    // Provinces drawn across the visible map, not only present in the DOM.
    const drawn = await map.locator('path.base-map-province').evaluateAll(
      (paths, mapBox) => {
        const seen = paths.map((p) => p.getBoundingClientRect());
        return seen.filter(
          (r) =>
            r.width > 20 &&
            r.right > mapBox.left &&
            r.left < mapBox.right &&
            r.bottom > mapBox.top &&
            r.top < mapBox.bottom,
        ).length;
      },
      await map.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect),
    );
    expect(drawn).toBeGreaterThan(3);
    expect(await scrollsSideways(page)).toBe(false);
    // The note and the zoom buttons stay inside the map.
    const box = await map.boundingBox();
    for (const control of [page.locator('.find-map__note'), zoomOut]) {
      const c = await control.boundingBox();
      expect(c?.x ?? -1).toBeGreaterThanOrEqual(box?.x ?? 0);
      expect((c?.x ?? 0) + (c?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    }
    await shot(page, `base-map-map-${screen.name}-provinces`);
    expect(lastLocate(phone.output).place).not.toBe('');
    await context.close();
  });
}
