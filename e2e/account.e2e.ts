import { LOGIN_MAX_FAILURES_PER_ACCOUNT, Msg } from '@phonecloud/shared';
import { freshDigits } from './support/contacts';
import { CAPTCHA_ANSWER, DEMO } from './support/demo';
import { codeSentTo, expect, shot, signIn, test } from './support/fixtures';
import { signUpWithEmail } from './support/sign-up';

test('a visit without a session goes to the login page and comes back to the route it asked for', async ({
  page,
}) => {
  await page.goto('/#/sms.check');
  await expect(page).toHaveURL(/\/account\/#\/login\?redirect=%23%2Fsms\.check$/);
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await shot(page, '01-login');

  await page.getByLabel('账号').fill(DEMO.username);
  await page.getByLabel('密码').fill(DEMO.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/#\/sms\.check$/);
  await expect(page.getByRole('button', { name: '立即验证' })).toBeVisible();

  // Signed in, the login page (a bookmark, the back button) moves on to where the visit goes.
  await page.goto('/account/#/login?redirect=%23%2Fhome%2Findex');
  await expect(page).toHaveURL(/\/#\/home\/index$/);
});

test('sign up with an e-mail address confirmed by a code from the SMTP server', async ({ page }) => {
  await page.goto('/account/#/register');
  await expect(page.getByRole('heading', { name: '注册账号' })).toBeVisible();
  await shot(page, '02-register');

  // The shared validators speak before anything is sent.
  await page.getByLabel('用户名').fill('1bad');
  await page.getByLabel('密码', { exact: true }).click();
  await expect(page.getByText(Msg.USERNAME_INVALID)).toBeVisible();

  const username = `u${Date.now().toString(36)}`;
  await signUpWithEmail(page, username, `${username}@example.com`, 'secret123', async () => {
    await shot(page, '03-register-filled');
  });
  await expect(page.getByRole('heading', { name: `你好，${username}` })).toBeVisible();
  await shot(page, '04-home-after-sign-up');
});

test('sign in by user name and by phone; a wrong password is refused', async ({ page }) => {
  await page.goto('/account/#/login');
  await page.getByLabel('账号').fill(DEMO.username);
  await page.getByLabel('密码').fill('not-the-password1');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert')).toHaveText(Msg.BAD_CREDENTIALS);
  await shot(page, '05-login-wrong-password');

  await page.getByLabel('密码').fill(DEMO.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/#\/home\/index$/);
  await expect(page.getByRole('button', { name: '用户菜单' })).toContainText(DEMO.username);

  await page.context().clearCookies();
  await signIn(page, DEMO.phone, DEMO.password);
  await expect(page.getByRole('button', { name: '用户菜单' })).toContainText(DEMO.username);
});

test('logout from the header menu ends the session and shows the login page', async ({ page }) => {
  await signIn(page, DEMO.username, DEMO.password);
  await page.getByRole('button', { name: '用户菜单' }).hover();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
  await shot(page, '06-user-menu');
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/account\/#\/login$/);

  // The session is gone on the server too: the portal sends the browser back to the login page.
  await page.goto('/#/home/index');
  await expect(page).toHaveURL(/\/account\/#\/login\?redirect=/);
});

test('account centre: bind a phone with a code from the SMS webhook, then sign in with it', async ({
  page,
}) => {
  const username = `c${Date.now().toString(36)}`;
  await signUpWithEmail(page, username, `${username}@example.com`, 'secret123');
  await page.getByRole('button', { name: '用户菜单' }).hover();
  await page.getByRole('menuitem', { name: '账号中心' }).click();
  await expect(page.getByRole('heading', { name: '账号中心' })).toBeVisible();
  await expect(page.locator('.centre-row', { hasText: '手机号' })).toContainText('未绑定');
  await shot(page, '07-account-centre');

  await page.locator('.centre-row', { hasText: '手机号' }).getByRole('button', { name: '绑定' }).click();
  const dialog = page.getByRole('dialog', { name: '绑定手机号' });
  const phone = `139${freshDigits()}`;
  await dialog.getByLabel('新手机号').fill(phone);
  await dialog.getByLabel('图片验证码', { exact: true }).fill(CAPTCHA_ANSWER);
  const since = Date.now();
  await dialog.getByRole('button', { name: Msg.SEND_CODE }).click();
  await expect(page.getByText(Msg.CODE_SENT_SMS)).toBeVisible();
  await dialog.getByLabel('验证码', { exact: true }).fill(await codeSentTo(phone, since, 'sms'));
  await shot(page, '08-bind-phone', { fullPage: false });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(Msg.BIND_DONE)).toBeVisible();
  await expect(page.locator('.centre-row', { hasText: '手机号' })).toContainText(
    `${phone.slice(0, 3)}****${phone.slice(-4)}`,
  );

  // A new password, checked by the shared validator first and by the old password on the server.
  const passwordForm = page.locator('.password-form');
  await passwordForm.getByLabel('原密码').fill('wrong-old-1');
  await passwordForm.getByLabel('新密码', { exact: true }).fill('secret456');
  await passwordForm.getByLabel('确认新密码').fill('secret456');
  await passwordForm.getByRole('button', { name: '修改密码' }).click();
  await expect(passwordForm.getByRole('alert')).toHaveText(Msg.OLD_PASSWORD_WRONG);
  await passwordForm.getByLabel('原密码').fill('secret123');
  await passwordForm.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText(Msg.PASSWORD_CHANGED)).toBeVisible();

  // From the account centre the sign-out changes the URL's hash, then reloads the page: a
  // navigation started before that reload is cut off by it.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: '退出登录' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/account\/#\/login$/);
  await signIn(page, phone, 'secret456');
  await expect(page.getByRole('heading', { name: `你好，${username}` })).toBeVisible();
});

test('after repeated wrong passwords a sign-in needs the image captcha, and still goes through', async ({
  page,
}) => {
  await page.goto('/account/#/login');
  await page.getByLabel('账号').fill('nobody_here');
  const alert = page.getByRole('alert');
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
    await page.getByLabel('密码').fill(`wrong-${i}-pass`);
    // The alert keeps its text between tries: wait for each answer before the next try.
    const answered = page.waitForResponse((r) => r.url().endsWith('/account/login.do'));
    await page.getByRole('button', { name: '登录' }).click();
    await answered;
    await expect(alert).toHaveText(Msg.BAD_CREDENTIALS);
  }
  await page.getByRole('button', { name: '登录' }).click();
  await expect(alert).toHaveText(Msg.CAPTCHA_REQUIRED);
  const captcha = page.getByLabel('图片验证码', { exact: true });
  await expect(captcha).toBeVisible();
  await shot(page, '09-login-captcha');
  await captcha.fill(CAPTCHA_ANSWER);
  const answered = page.waitForResponse((r) => r.url().endsWith('/account/login.do'));
  await page.getByRole('button', { name: '登录' }).click();
  await answered;
  await expect(alert).toHaveText(Msg.BAD_CREDENTIALS);
});
