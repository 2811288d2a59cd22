// A new member signed up through the form, confirmed through the mailbox, and signed in on `page`.
import type { APIRequestContext, Page } from '@playwright/test';
import { AuthPage } from '../pages/AuthPage.ts';
import { Shell } from '../pages/Shell.ts';
import { freshAccount } from './accounts.ts';
import { mailLink } from './mailbox.ts';

export async function newMember(page: Page, request: APIRequestContext, prefix: string) {
  const account = freshAccount(prefix);
  const auth = new AuthPage(page);
  await auth.open('?register=true');
  await auth.signUp(account);
  await page.goto(await mailLink(request, account.email, /confirm/i));
  await new Shell(page).expectSignedIn();
  return account;
}
