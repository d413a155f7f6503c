import { AccountPage } from '@phonecloud/shared';
import { freshAccount } from './support/contacts';
import { expect, shot, signIn, test } from './support/fixtures';
import { signUpByApi } from './support/portal-calls';

test('the account centre lists the signed-in sessions and ends another one', async ({ page, browser }) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(15_000);
  const account = freshAccount('ses');
  await signUpByApi(page, account.username, account.phone, account.password);

  const elsewhere = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const other = await elsewhere.newPage();
  await signIn(other, account.username, account.password);

  await page.goto(AccountPage.centre);
  const list = page.getByRole('list', { name: '登录设备' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('本机')).toHaveCount(1);
  await shot(page, '70-account-sessions');

  const notThisOne = list.getByRole('listitem').filter({ hasNotText: '本机' });
  await notThisOne.getByRole('button', { name: /^退出/ }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The other browser is signed out: its next page goes to the central login.
  await other.reload();
  await expect(other).toHaveURL(/\/account\/#\/login/);
  await elsewhere.close();
});
