import {
  Api,
  BYTES_PER_GB,
  DEFAULT_FREE_SPACE_GB,
  type Envelope,
  formatSize,
  GatedAreaName,
  MIN_PAGE_WIDTH_PX,
  Msg,
  type NavigateList,
  type PlatformInfo,
  ServiceId,
  type ServiceIdValue,
  ServiceName,
  type SpaceBackupUsed,
  type SpaceDriveQuota,
  usagePercent,
} from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { DEMO } from './support/demo';
import { expect, recordRoutes, settled, shot, signIn, test } from './support/fixtures';

/** platform/info.do as a deployment without find-my-phone answers it (find: null). */
async function withoutFind(page: Page) {
  await page.route('**/platform/info.do?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Envelope<PlatformInfo>;
    await route.fulfill({ response, json: { ...body, data: { ...body.data, find: null } } });
  });
}

test('home shows the storage figures and one tile per service of the member list', async ({ page }) => {
  await signIn(page, DEMO.username, DEMO.password);
  await expect(page.locator('.portal-header__title')).toHaveText('手机云服务');
  await expect(page.getByRole('button', { name: '用户菜单' })).toContainText(DEMO.username);

  // Used space depends on the data the served areas seed; the page must show what the server says.
  const data = async <T>(path: string) =>
    ((await (await page.request.get(path)).json()) as Envelope<T>).data as T;
  const backup = await data<SpaceBackupUsed>(Api.spaceBackupUsed);
  const drive = await data<SpaceDriveQuota>(Api.spaceDriveQuota);
  const { member } = await data<NavigateList>(Api.navigateList);
  const total = (DEFAULT_FREE_SPACE_GB + DEMO.paidGb) * BYTES_PER_GB;
  const used = backup.usedSize + drive.used;

  const figure = (label: string) => page.locator('.storage-figure', { hasText: label }).locator('dd');
  await expect(figure('免费空间')).toHaveText('5GB');
  await expect(figure('付费空间')).toHaveText(`${DEMO.paidGb}GB`);
  await expect(figure('已用空间')).toHaveText(formatSize(used));
  await expect(figure('可用空间')).toHaveText(formatSize(total - used));
  const percent = usagePercent(used, total);
  await expect(page.getByRole('progressbar', { name: '已用空间占比' })).toHaveAttribute(
    'aria-valuenow',
    String(percent),
  );
  await expect(page.locator('.storage-bar__fill')).toHaveAttribute('style', new RegExp(`width: ${percent}%`));

  // Tiles only for the ids the server lists, in the portal's order, and find-my-phone (no member
  // id) when the server serves it (platform/info.do's find); a note instead when none.
  const info = await data<PlatformInfo>(Api.platformInfo);
  const named = (ids: number[]) =>
    ids.filter((id) => member.includes(id)).map((id) => ServiceName[id as ServiceIdValue]);
  const shown = [
    ...named([ServiceId.CONTACTS, ServiceId.CALENDAR, ServiceId.SMS, ServiceId.NOTES]),
    ...(info.find ? [GatedAreaName.find] : []),
    ...named([ServiceId.DRIVE, ServiceId.PHOTOS]),
  ];
  if (shown.length === 0) {
    await expect(page.getByText('当前部署尚未为您的账号开通任何服务')).toBeVisible();
  }
  await expect(page.locator('.service-tile__name')).toHaveText(shown);
  const nav = page.getByRole('navigation', { name: '服务导航' });
  await expect(nav.locator('.service-nav__link')).toHaveText(['首页', ...shown]);

  // From the spec's minimum width up the layout is the spec's: a 1200 px column, nothing folded.
  await page.setViewportSize({ width: MIN_PAGE_WIDTH_PX, height: 900 });
  const mainWidth = await page.locator('.portal-main').evaluate((el) => el.getBoundingClientRect().width);
  expect(mainWidth).toBe(1200);
  await expect(page.getByRole('button', { name: '服务菜单' })).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, '10-home');
});

test('with an empty member list the home page says so instead of showing tiles (list answered by a stub)', async ({
  page,
}) => {
  await page.route('**/navigate/list.do?*', (route) =>
    route.fulfill({ json: { code: 0, data: { member: [] } } }),
  );
  await withoutFind(page);
  await signIn(page, DEMO.username, DEMO.password);
  await expect(page.getByText('当前部署尚未为您的账号开通任何服务')).toBeVisible();
  await expect(page.locator('.service-tile')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '服务导航' }).locator('.service-nav__link')).toHaveText([
    '首页',
  ]);
  await shot(page, '10b-home-no-services-stubbed');
});

test('tiles and header links follow the member list (list answered by a stub)', async ({ page }) => {
  // The real server has no areas yet; this stub only checks how the page draws a member list.
  await page.route('**/navigate/list.do?*', (route) =>
    route.fulfill({ json: { code: 0, data: { member: [1, 8] } } }),
  );
  await withoutFind(page);
  const routesSeen = await recordRoutes(page);
  await signIn(page, DEMO.username, DEMO.password);
  await expect(page.locator('.service-tile__name')).toHaveText(['通讯录', '短信']);
  await expect(page.getByRole('navigation', { name: '服务导航' }).getByRole('link')).toHaveText([
    '首页',
    '通讯录',
    '短信',
  ]);
  await shot(page, '11-home-with-tiles-stubbed');

  await page.locator('.service-tile', { hasText: '通讯录' }).click();
  await expect.poll(routesSeen).toContain('#/contact/index');
  // The contacts area asks for its second verification first.
  await expect(page).toHaveURL(/#\/contact\.check$/);
});

test('a skin restyles the portal at once and is restored on the next visit', async ({ page, browser }) => {
  await signIn(page, DEMO.username, DEMO.password);
  await expect(page.locator('body')).toHaveClass(/body-skin-05/);
  const header = page.locator('.portal-header');
  const before = await header.evaluate((el) => getComputedStyle(el).backgroundImage);

  await page.getByRole('button', { name: '用户菜单' }).hover();
  await page.getByRole('menuitem', { name: '换肤' }).click();
  const picker = page.getByRole('dialog', { name: '换肤' });
  await expect(picker.locator('[data-skin]')).toHaveCount(5);
  const saved = page.waitForResponse((r) => r.url().includes('/setting/save.do'));
  await picker.locator('[data-skin="03"]').click();
  await expect(page.locator('body')).toHaveClass(/body-skin-03/);
  expect(await (await saved).json()).toMatchObject({ code: 0, data: { skin: '03' } });
  await shot(page, '12-skin-picker');
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();

  expect(await header.evaluate((el) => getComputedStyle(el).backgroundImage)).not.toBe(before);
  await shot(page, '13-home-skin-03');

  // A fresh browser knows nothing locally: the skin must come from /setting/detail.do.
  const fresh = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const other = await fresh.newPage();
  await signIn(other, DEMO.username, DEMO.password);
  await expect(other.locator('body')).toHaveClass(/body-skin-03/);
  await expect(other.locator('body')).not.toHaveClass(/body-skin-05/);
  await fresh.close();

  await page.reload();
  await expect(page.locator('body')).toHaveClass(/body-skin-03/);

  // Back to the default so the other tests see the portal as a new user does.
  await page.getByRole('button', { name: '用户菜单' }).hover();
  await page.getByRole('menuitem', { name: '换肤' }).click();
  const restored = page.waitForResponse((r) => r.url().includes('/setting/save.do'));
  await page.getByRole('dialog', { name: '换肤' }).locator('[data-skin="05"]').click();
  await restored;
  await expect(page.locator('body')).toHaveClass(/body-skin-05/);
});

test('an unknown route goes to /home/index', async ({ page }) => {
  await signIn(page, DEMO.username, DEMO.password);
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/\/#\/home\/index$/);
  // An address under no area's prefix (the calendar's own is /calendar/...).
  await page.goto('/#/calendars/index');
  await expect(page).toHaveURL(/\/#\/home\/index$/);
});

test('pages fade in, unless the user asked for less motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await signIn(page, DEMO.username, DEMO.password);
  const animation = () => page.locator('.route-fade').evaluate((el) => getComputedStyle(el).animationName);
  await expect.poll(animation).toBe('route-fade-in');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(animation).toBe('none');
});

test("a click sends antd's ripple only when the user did not ask for less motion", async ({ page }) => {
  for (const [motion, rippled] of [
    ['no-preference', true],
    ['reduce', false],
  ] as const) {
    await page.emulateMedia({ reducedMotion: motion });
    // The portal reads the setting as a page opens.
    await page.goto('about:blank');
    await page.goto('/account/#/login');
    await page.evaluate(() => {
      const seen = { waves: 0 };
      Object.defineProperty(window, '__seen', { value: seen });
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of Array.from(change.addedNodes))
            if (node instanceof Element && (node.matches('.ant-wave') || node.querySelector('.ant-wave')))
              seen.waves++;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: '登录' }).click();
    // The empty form's errors come after the click's ripple would have started.
    await expect(page.getByText(Msg.ACCOUNT_EMPTY)).toBeVisible();
    await settled(page);
    const waves = () =>
      page.evaluate(() => (window as unknown as { __seen: { waves: number } }).__seen.waves);
    if (rippled) await expect.poll(waves).toBeGreaterThan(0);
    else expect(await waves()).toBe(0);
  }
});

test('footer: copyright, filing number and the two legal pages', async ({ page, context }) => {
  await signIn(page, DEMO.username, DEMO.password);
  const footer = page.locator('footer');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} 云服务开源项目`);
  await expect(footer.getByRole('link', { name: '未备案（自托管部署）' })).toHaveAttribute(
    'href',
    'https://beian.miit.gov.cn/',
  );

  const privacyOpened = context.waitForEvent('page');
  await footer.getByRole('link', { name: '隐私政策' }).click();
  const privacy = await privacyOpened;
  await expect(privacy).toHaveURL(/\/legal\/privacy\.html$/);
  await expect(privacy.getByRole('heading', { name: '隐私政策', level: 1 })).toBeVisible();
  await expect(privacy.locator('main')).toContainText('连续 30 天未使用即失效');
  await expect(privacy.locator('main')).toContainText('10 分钟内有效');
  await expect(privacy.locator('main')).toContainText('运营者是您个人信息的处理者');
  await expect(privacy.locator('[data-platform="vendor"]').first()).toHaveText('云服务开源项目');
  await shot(privacy, '14-privacy');

  const agreementOpened = context.waitForEvent('page');
  await footer.getByRole('link', { name: '用户协议' }).click();
  const agreement = await agreementOpened;
  await expect(agreement).toHaveURL(/\/legal\/agreement\.html$/);
  await expect(agreement.getByRole('heading', { name: '用户协议', level: 1 })).toBeVisible();
  await expect(agreement.locator('main')).toContainText('回收站');
  await shot(agreement, '15-agreement');
});

test('the home page loads no antd; a page that uses it places its stylesheet after the shell, before the area', async ({
  page,
}) => {
  const loaded: string[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') loaded.push(new URL(res.url()).pathname);
  });
  await signIn(page, DEMO.username, DEMO.password);
  await expect(page.getByText('可用空间')).toBeVisible();
  // The sign-in page loads antd (the areas' one library file, cached for them): what counts is
  // what the home page itself asks for, opened anew.
  loaded.length = 0;
  await page.reload();
  await expect(page.getByText('可用空间')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded.some((p) => /\/assets\/portal-.*\.js$/.test(p))).toBe(true);
  expect(loaded.filter((p) => /\/assets\/(antd|AntdScope)-/.test(p))).toEqual([]);
  const sheets = () =>
    page.evaluate(() =>
      Array.from(document.head.querySelectorAll('link[rel="stylesheet"]')).map(
        (l) => new URL((l as HTMLLinkElement).href).pathname,
      ),
    );
  const shell = await sheets();

  // The contacts' check screen: a lazily loaded page with antd's dialog and its own stylesheet.
  await page.goto('/#/contact.check');
  const intro = page.getByRole('dialog').filter({ hasText: '通讯录需要安全验证' });
  await expect(intro).toBeVisible();
  const after = await sheets();
  const antd = after.findIndex((p) => /\/assets\/antd-.*\.css$/.test(p));
  expect(antd).toBe(shell.length);
  expect(after.slice(0, shell.length)).toEqual(shell);
  expect(after.slice(antd + 1).some((p) => /VerifyGate-.*\.css$/.test(p))).toBe(true);
  // antd's rules are in force when the dialog is drawn: its button has antd's cursor and rounded
  // corners (a browser's own button has neither).
  const button = intro.getByRole('button', { name: '立即验证' });
  const style = await button.evaluate((b) => {
    const s = getComputedStyle(b);
    return { radius: s.borderTopLeftRadius, cursor: s.cursor };
  });
  expect(style.cursor).toBe('pointer');
  expect(style.radius).not.toBe('0px');
});
