import { ServiceId } from '@phonecloud/shared';
import type { Page } from '@playwright/test';
import { card, freshAccount, importCards, passContactsGate } from './support/contacts';
import { chooseFiles, makeFiles, passGate, row, tempDir } from './support/drive';
import { findAccount, passFindGate, startPhone } from './support/find';
import { expect, signIn, test } from './support/fixtures';
import { signUpByApi } from './support/portal-calls';

/** Keeps every Content-Security-Policy violation the page reports, and every one in the console. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) fromConsole.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (e) => {
      const target = e.target instanceof Element ? e.target.outerHTML.slice(0, 120) : String(e.target);
      seen.push(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${target}`,
      );
    });
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
  ];
}

test('every screen runs under the strict policy without a violation', async ({ page }) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(15_000);
  const violations = await recordViolations(page);
  const seen: string[] = [];
  const collect = async (where: string) => {
    for (const v of await violations()) seen.push(`${where}: ${v}`);
  };

  const res = await page.goto('/account/#/login');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(res?.headers()['content-security-policy']).toContain("object-src 'none'");
  await collect('login');
  const account = freshAccount('csp');
  await signUpByApi(page, account.username, account.phone, account.password);
  await collect('sign-up');

  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '换肤' }).click();
  await page.getByRole('dialog', { name: '换肤' }).locator('.skin-picker__item').nth(2).click();
  await page.keyboard.press('Escape');
  await collect('home and skins');

  await passContactsGate(page, account.phone);
  await importCards(page, 'a.vcf', [card('张三', { tel: ['13800000001'] }), card('李四')].join('\r\n'));
  await page.reload();
  await page.locator('.contact-row', { hasText: '张三' }).click();
  await page.getByRole('link', { name: /编辑/ }).click();
  await expect(page).toHaveURL(/#\/contact\/editor\//);
  // The note's text area, typed into over several lines (antd's autosize wrote a style attribute).
  await page
    .locator('.contact-editor')
    .getByRole('button', { name: /添加更多选项/ })
    .click();
  await page.getByRole('menuitem', { name: '备注' }).click();
  await page.locator('.contact-editor').getByLabel('备注').fill('第一行\n第二行\n第三行\n第四行\n第五行');
  for (const tool of ['回收站', '时光机', '合并重复']) {
    await page.locator('.contacts-side').getByRole('button', { name: tool }).click();
    await expect(page.getByRole('dialog', { name: tool })).toBeVisible();
    await page.keyboard.press('Escape');
  }
  await collect('contacts');

  await page.goto('/#/home/index');
  await page.locator(`.service-tile[data-service="${ServiceId.DRIVE}"]`).click();
  await expect(page).toHaveURL(/#\/alipan/);
  if (page.url().includes('alipan.check')) await passGate(page, account.phone);
  await expect(page).toHaveURL(/#\/alipan\/index/);
  const dir = await tempDir();
  const files = makeFiles(dir, [
    { name: 'page.html', text: '<script>document.title="ran"</script>' },
    { name: 'data.bin', size: 300_000 },
  ]);
  await chooseFiles(
    page,
    files.map((f) => f.path),
  );
  await expect(row(page, 'page.html')).toBeVisible({ timeout: 30_000 });
  await expect(row(page, 'data.bin')).toBeVisible({ timeout: 30_000 });
  await page.goto('/#/pan/index');
  await expect(row(page, 'page.html')).toBeVisible();
  await collect('drive');

  await page.goto('/account/#/centre');
  await expect(page.getByText('账号信息')).toBeVisible();
  // The authenticator's enrolment (its QR code is a data: image) and the deletion dialog.
  await page.locator('.totp-card').getByRole('button', { name: '绑定身份验证器' }).click();
  await expect(page.getByRole('img', { name: '身份验证器二维码' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.locator('.danger-card').getByRole('button', { name: '注销账号' }).click();
  await expect(page.getByRole('dialog', { name: '注销账号' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/legal/privacy.html');
  await collect('account centre and legal pages');

  expect(seen).toEqual([]);
});

test('the find-my-phone screens (map, panels, dialogs, list) run under the strict policy', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const violations = await recordViolations(page);
  const account = findAccount('cspf');
  const phone = await startPhone(baseURL ?? '', account, 'OPPO', 'Find X7');
  try {
    await signIn(page, account.username, account.password);
    await passFindGate(page, account.email);
    // Leaflet's map, its stylesheet and the CSS-drawn marker.
    await expect(page.locator('.find-marker')).toBeVisible();
    await expect(page.locator('.find-location__state')).toHaveText('已获取手机的最新位置');
    await page.locator('.find-panel--ring').getByLabel('停止响铃密码').fill('123456');
    await page.locator('.find-panel--lock').getByLabel('锁定界面文字').fill('字'.repeat(180));
    await page.locator('.find-panel--wipe').getByLabel('账号').fill(account.username);
    await page.locator('.find-panel--wipe').getByLabel('密码').fill(account.password);
    await page.locator('.find-panel--wipe').getByRole('button', { name: '擦除手机' }).click();
    await expect(page.getByRole('dialog', { name: '确定要擦除这台手机吗？' })).toBeVisible();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s?消/ })
      .click();
    await page.getByRole('button', { name: '操作记录' }).click();
    await expect(page.getByRole('dialog', { name: '操作记录' }).locator('.find-history__row')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: '切换设备' }).click();
    // The pointer left where the link was: the page below it changed, and a header menu the
    // pointer now rests on would open over the list.
    await page.mouse.move(10, 500);
    await expect(page.locator('.portal-header [role="menu"]')).toBeHidden();
    await page.locator('.find-device').getByRole('button', { name: /删除/ }).click();
    await expect(page.getByRole('dialog', { name: '删除设备' })).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await violations()).toEqual([]);
  } finally {
    await phone.stop();
  }
});
