// /admin/bulk-create: a CSV with quoted commas and a line break inside a field becomes threads one at a
// time with a progress bar, a failed item is listed and retried alone, a malformed or misnamed file creates
// nothing, a member is refused, and screenshots of the page at both sizes.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './support/test.ts';
import { BulkCreatePage } from './pages/BulkCreatePage.ts';
import { serviceClient } from './pages/ThreadPage.ts';
import { ADMIN, MEMBER } from './support/accounts.ts';
import { DESKTOP, PHONE } from './support/screens.ts';

test.use({ viewport: DESKTOP });

const SCREENS = '/tmp/guap-screens/h-bulk';
const CATEGORY = { name: 'Development', slug: 'development' };

/** The viewport as a person sees it, scrolled to the part of the page the picture is about. */
async function shot(page: Page, name: string, scrollTo?: string) {
  mkdirSync(SCREENS, { recursive: true });
  if (scrollTo) {
    const section = page.locator('section', { has: page.getByRole('heading', { name: scrollTo }) });
    await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  }
  const size = page.viewportSize();
  await page.screenshot({ path: `${SCREENS}/${name}-${size?.width}x${size?.height}.png` });
}

/** A CSV as a spreadsheet exports it: a header, quoted fields with commas, quotes and a line break. */
function csvFor(stamp: string) {
  const rows = [
    { title: `Fees, limits and you ${stamp}`, content: 'Line one, with a comma\nLine two after a break' },
    { title: `Node uptime, week one ${stamp}`, content: 'He said "stay synced", and we did, all week.' },
    { title: `Plain title ${stamp}`, content: 'Plain content that is long enough to post.' },
    { title: `Staking payouts ${stamp}`, content: 'Paid daily, at midnight UTC, to every staker.' },
  ];
  const quote = (field: string) => `"${field.replaceAll('"', '""')}"`;
  const csv = ['title,content', ...rows.map((r) => `${quote(r.title)},${quote(r.content)}`)].join('\r\n');
  return { rows, csv };
}

async function threadsTitled(baseURL: string, prefix: string) {
  const service = await serviceClient(baseURL);
  const { data, error } = await service
    .from('threads')
    .select('id, title, author:profiles!author_id(username), category:categories(slug), posts(content, is_first_post)')
    .like('title', `%${prefix}`);
  if (error) throw new Error(error.message);
  return data;
}

test('a CSV with quoted commas and a line break becomes one thread per row, one at a time, with a progress bar', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = `b${Date.now().toString(36)}`;
  const { rows, csv } = csvFor(stamp);
  // One row too short for a thread: it breaks the new-thread rules, so it is listed as invalid, never sent.
  const withShort = `${csv}\r\nHi ${stamp.slice(0, 1)},Too short a title for a thread.`;
  const bulk = new BulkCreatePage(page);
  await bulk.signInAs(ADMIN);
  await bulk.open();
  await bulk.chooseCategory(CATEGORY.name);

  await bulk.upload('threads.csv', withShort, 'text/csv');
  await expect(bulk.toast('Loaded 5 threads')).toBeVisible();
  await expect(bulk.items).toHaveCount(5);
  await expect(bulk.items.first()).toContainText(rows[0]!.title);
  await expect(bulk.items.first()).toContainText('Line one, with a comma Line two after a break');
  await expect(bulk.items.nth(4)).toContainText('Title must be at least 5 characters');

  await bulk.createButton(5).click();
  await expect(bulk.progress).toHaveAttribute('aria-valuemax', '5');
  // Items settle one at a time, 500 ms apart: the bar is seen part way.
  await expect(bulk.progress).toHaveAttribute('aria-valuenow', /^[1-4]$/);
  await expect(page.getByRole('status').filter({ hasText: /^Creating [2-5] of 5/ })).toBeVisible();
  for (const row of rows) await expect(bulk.toast(`Created: ${row.title}`)).toBeVisible({ timeout: 30_000 });
  await expect(bulk.toast('Bulk creation complete')).toBeVisible({ timeout: 30_000 });
  await expect(bulk.progress).toHaveAttribute('aria-valuenow', '5');
  await expect(bulk.created).toHaveText('4');
  await expect(bulk.failed).toHaveText('0');
  await expect(bulk.invalid).toHaveText('1');
  await expect(bulk.invalidList).toContainText('Title must be at least 5 characters');
  await expect(bulk.items.nth(4)).toContainText('Invalid');
  // Nothing failed to send, so there is nothing to retry: the invalid row would be refused the same way again.
  await expect(bulk.retryFailed).toHaveCount(0);
  // A finished list cannot be run again: that would create every thread a second time.
  await expect(bulk.createButton(5)).toBeDisabled();
  await expect(page.getByText('These threads have been run. To import more, load a new file')).toBeVisible();

  const threads = await threadsTitled(baseURL!, stamp);
  expect(threads.map((t) => t.title).sort()).toEqual(rows.map((r) => r.title).sort());
  for (const row of rows) {
    const thread = threads.find((t) => t.title === row.title)!;
    expect(thread.category).toEqual({ slug: CATEGORY.slug });
    expect(thread.author).toEqual({ username: 'guapadmin' });
    expect(thread.posts).toEqual([{ content: row.content, is_first_post: true }]);
  }

  // A created item links to its thread, whose opening post kept the comma and the line.
  await bulk.items.first().getByRole('link', { name: 'Created' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(rows[0]!.title);
  await expect(page.getByTestId('post').first()).toContainText('Line one, with a comma');
  await expect(page.getByTestId('post').first()).toContainText('Line two after a break');
});

test('rows the server refused are retried alone, and an invalid row is reported, never retried', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = `r${Date.now().toString(36)}`;
  const service = await serviceClient(baseURL!);
  const setActive = async (isActive: boolean) =>
    expect(
      (await service.from('categories').update({ is_active: isActive }).eq('slug', CATEGORY.slug)).error,
    ).toBeNull();
  const bulk = new BulkCreatePage(page);
  await bulk.signInAs(ADMIN);
  await bulk.open();
  await bulk.chooseCategory(CATEGORY.name);
  const good = [`Refused at first ${stamp}`, `Refused too ${stamp}`];
  await bulk.upload(
    'threads.json',
    JSON.stringify([
      { title: good[0], content: 'Sent while the category was closed.' },
      { title: `No ${stamp.slice(0, 1)}`, content: 'A title too short for any thread.' },
      { title: good[1], content: 'Also sent while the category was closed.' },
    ]),
  );
  await expect(bulk.items).toHaveCount(3);

  // The server refuses a new thread in a closed category: the two valid rows fail to send.
  await setActive(false);
  try {
    await bulk.createButton(3).click();
    await expect(bulk.toast('Bulk creation complete')).toBeVisible({ timeout: 30_000 });
    await expect(bulk.failed).toHaveText('2');
    await expect(bulk.invalid).toHaveText('1');
    await expect(bulk.failedList.getByRole('listitem')).toHaveCount(2);
    await expect(bulk.invalidList).toContainText('Title must be at least 5 characters');
  } finally {
    await setActive(true);
  }
  await shot(page, 'bulk-failed-and-invalid', 'Progress');

  // Retry failed runs the two refused rows alone; the invalid one stays reported, and no retry is offered for it.
  await bulk.retryFailed.click();
  await expect(bulk.progress).toHaveAttribute('aria-valuemax', '2');
  await expect(bulk.created).toHaveText('2', { timeout: 30_000 });
  await expect(bulk.failed).toHaveText('0');
  await expect(bulk.invalid).toHaveText('1');
  await expect(bulk.retryFailed).toHaveCount(0);
  expect((await threadsTitled(baseURL!, stamp)).map((t) => t.title).sort()).toEqual([...good].sort());
});

test('a malformed or misnamed file shows why and creates nothing', async ({ page, baseURL }) => {
  const stamp = `m${Date.now().toString(36)}`;
  const bulk = new BulkCreatePage(page);
  await bulk.signInAs(ADMIN);
  await bulk.open();
  await bulk.chooseCategory(CATEGORY.name);

  // A good file first, so the refusal is seen to clear its preview too.
  await bulk.upload('good.json', JSON.stringify([{ title: `Good one ${stamp}`, content: 'From a good file.' }]));
  await expect(bulk.items).toHaveCount(1);

  await bulk.upload('broken.csv', `title,content\n"Unclosed quote ${stamp},and the rest\nNext row ${stamp},x`);
  await expect(bulk.toast('Failed to parse file')).toBeVisible();
  await expect(bulk.items).toHaveCount(0);

  await bulk.upload('broken.json', `[{"title": "Cut off ${stamp}", "content": "and then`);
  await expect(bulk.page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to parse file' })).toHaveCount(2);
  await expect(bulk.items).toHaveCount(0);

  // An empty list is said to be one, never confirmed as "Loaded 0 threads".
  await bulk.upload('empty.json', '[]');
  await expect(bulk.toast('No threads to create: the file has no item with a title')).toBeVisible();
  await expect(bulk.page.locator('[data-sonner-toast]').filter({ hasText: 'Loaded 0' })).toHaveCount(0);
  await expect(bulk.items).toHaveCount(0);

  await bulk.upload('threads.txt', `title,content\nText file ${stamp},A file with the wrong name.`);
  await expect(bulk.toast('Only .json and .csv files can be imported')).toBeVisible();
  await expect(bulk.items).toHaveCount(0);

  await bulk.createButton(0).click();
  await expect(bulk.toast('No threads to create')).toBeVisible();
  await expect(bulk.progress).toHaveCount(0);
  expect(await threadsTitled(baseURL!, stamp)).toEqual([]);
});

test('the category is required, and invalid pasted JSON is ignored while valid JSON fills the preview', async ({
  page,
}) => {
  const bulk = new BulkCreatePage(page);
  await bulk.signInAs(ADMIN);
  await bulk.open();
  await bulk.page.getByRole('button', { name: 'Load sample data' }).click();
  await expect(bulk.toast('Sample data loaded')).toBeVisible();
  await expect(bulk.items).toHaveCount(3);

  await bulk.createButton(3).click();
  await expect(bulk.toast('Please select a category')).toBeVisible();
  await expect(bulk.category).toBeFocused();
  await expect(bulk.progress).toHaveCount(0);

  await bulk.paste.fill('[{"title": "Pasted thread title", "content": "Pasted from a note"}');
  await expect(bulk.items).toHaveCount(3);
  await bulk.paste.press('End');
  await bulk.paste.pressSequentially(']');
  await expect(bulk.items).toHaveCount(1);
  await expect(bulk.items.first()).toContainText('Pasted thread title');

  await bulk.page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/moderation$/);
});

test('offline, a run waits with the thread kept on the device, and goes on when the connection is back', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = `o${Date.now().toString(36)}`;
  const bulk = new BulkCreatePage(page);
  await bulk.signInAs(ADMIN);
  await bulk.open();
  await bulk.chooseCategory(CATEGORY.name);
  const { rows, csv } = csvFor(stamp);
  await bulk.upload('threads.csv', csv, 'text/csv');
  await expect(bulk.items).toHaveCount(4);

  await context.setOffline(true);
  await bulk.createButton(4).click();
  await expect(page.getByText('You are offline. The thread being created is saved on this device')).toBeVisible();
  await expect(bulk.items.first()).toContainText('Creating…');
  await expect(bulk.progress).toHaveAttribute('aria-valuenow', '0');

  await context.setOffline(false);
  await expect(bulk.toast('Bulk creation complete')).toBeVisible({ timeout: 60_000 });
  await expect(bulk.created).toHaveText('4');
  expect((await threadsTitled(baseURL!, stamp)).map((t) => t.title).sort()).toEqual(rows.map((r) => r.title).sort());
});

test('Stop ends a run between items; a thread already saved on the device is still sent', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = `p${Date.now().toString(36)}`;
  const bulk = new BulkCreatePage(page);
  await bulk.signInAs(ADMIN);
  await bulk.open();
  await bulk.chooseCategory(CATEGORY.name);
  const { rows, csv } = csvFor(stamp);
  await bulk.upload('threads.csv', csv, 'text/csv');

  await context.setOffline(true);
  await bulk.createButton(4).click();
  await expect(bulk.items.first()).toContainText('Creating…');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stopped after 1 of 4.' })).toBeVisible();
  await expect(bulk.items.first()).toContainText('Waiting to send');
  await expect(page.getByText('Threads waiting to send are kept on this device')).toBeVisible();
  await expect(bulk.toast('Bulk creation complete')).toHaveCount(0);

  await context.setOffline(false);
  await expect
    .poll(async () => (await threadsTitled(baseURL!, stamp)).map((t) => t.title), { timeout: 60_000 })
    .toEqual([rows[0]!.title]);
});

test('a member sees Admin Access Required', async ({ page }) => {
  const bulk = new BulkCreatePage(page);
  await bulk.signInAs(MEMBER);
  await page.goto('/admin/bulk-create');
  await expect(page.getByRole('heading', { name: 'Admin Access Required' })).toBeVisible();
  await expect(page.getByText('This page is only accessible to administrators.')).toBeVisible();
  await expect(bulk.heading).toHaveCount(0);
  await shot(page, 'bulk-denied');
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`screenshots at ${viewport.width}x${viewport.height}: empty, with a preview, during a run and after`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const stamp = `s${viewport.width}${Date.now().toString(36)}`;
    const bulk = new BulkCreatePage(page);
    await bulk.signInAs(ADMIN);
    await bulk.open();
    await bulk.chooseCategory(CATEGORY.name);
    await shot(page, 'bulk-empty');

    const { csv } = csvFor(stamp);
    await bulk.upload('threads.csv', csv, 'text/csv');
    await expect(bulk.items).toHaveCount(4);
    await shot(page, 'bulk-preview', 'Preview');

    await bulk.createButton(4).click();
    await expect(bulk.progress).toHaveAttribute('aria-valuenow', /^[1-3]$/);
    await shot(page, 'bulk-running', 'Progress');
    await expect(bulk.toast('Bulk creation complete')).toBeVisible({ timeout: 30_000 });
    await expect(bulk.created).toHaveText('4');
    await shot(page, 'bulk-done', 'Progress');
  });
}
