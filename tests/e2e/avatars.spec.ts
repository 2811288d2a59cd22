// One rule for the avatar's letters (lib/initials.ts): the header, the moderation table, posts and member cards all
// draw a member with the same two initials. Screenshots of the header and the table at both sizes.
import { mkdirSync } from 'node:fs';
import { expect, test } from './support/test.ts';
import { Shell } from './pages/Shell.ts';
import { SEEDED, ThreadPage } from './pages/ThreadPage.ts';
import { ADMIN } from './support/accounts.ts';
import { DESKTOP, PHONE } from './support/screens.ts';
import { signInQuickly } from './support/signIn.ts';

test.use({ viewport: DESKTOP });

const SCREENS = '/work/wt/shots/defects';

test('a member is drawn with the same two initials in the header, the moderation table, posts and cards', async ({
  page,
}) => {
  // The admin is 'GuapCoin Admin' (@guapadmin); the member is 'Guap Member' (@guapmember).
  await signInQuickly(page, ADMIN);
  await expect(new Shell(page).userMenuButton).toHaveText(/^GA\s*GuapCoin Admin/);

  await page.goto('/moderation');
  const row = page.getByTestId('moderation-user').filter({ hasText: '@guapmember' });
  await expect(row.getByRole('cell').first()).toHaveText(/^GM\s*Guap Member/);
  mkdirSync(SCREENS, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}/avatars-moderation-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(DESKTOP);

  const thread = new ThreadPage(page);
  await thread.open(SEEDED.welcome);
  await expect(thread.posts.first()).toContainText(/^GA\s*GuapCoin Admin/);

  await page.goto('/members');
  const card = page.getByTestId('member-card').filter({ hasText: '@guapmember' });
  await expect(card).toContainText(/^GM\s*Guap Member/);
});
