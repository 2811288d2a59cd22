// Create Thread and the content editor: the member's whole round trip with an uploaded image and a video,
// the validation messages, the upload refusals, the toolbar by keyboard, the share target, and screenshots.
import { expect, test } from './support/test.ts';
import { AuthPage } from './pages/AuthPage.ts';
import { CreateThreadPage, makePng } from './pages/CreateThreadPage.ts';
import { MEMBER_ID, serviceClient, ThreadPage } from './pages/ThreadPage.ts';
import { MEMBER } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';

test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

test('a member creates a thread with an uploaded image and a YouTube marker, then replies, quotes, edits and deletes', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const compose = new CreateThreadPage(page);
  await compose.signInAndOpen();
  const title = `Pictures from the meetup ${Date.now()}`;
  await compose.chooseCategory();
  await compose.title.fill(title);
  await compose.content.fill('Here is the banner we printed:');

  await compose.upload({ name: 'banner.png', mimeType: 'image/png', buffer: makePng() });
  await expect(compose.toast('Uploaded 1 file(s)')).toBeVisible();
  const imageLine = new RegExp(
    `\\n!\\[banner\\.png\\]\\(${baseURL}/storage/v1/object/public/media/${MEMBER_ID}/\\d+-[0-9a-z]{8}\\.png\\)\\n`,
  );
  await expect(compose.content).toHaveValue(imageLine);

  await compose.addYouTube('https://example.com/not-a-video');
  await expect(compose.toast('Invalid YouTube URL')).toBeVisible();
  await page.getByRole('dialog', { name: 'Add YouTube video' }).getByLabel('YouTube URL').fill(VIDEO);
  await page.getByRole('button', { name: 'Add Video' }).click();
  await expect(compose.toast('YouTube video added')).toBeVisible();
  await expect(compose.content).toHaveValue(/\n\[youtube:dQw4w9WgXcQ\]\n$/);
  // The dialog's own form must not send the thread around it.
  await expect(page).toHaveURL(/\/create-thread$/);
  await expect(compose.error('Please select a category')).toHaveCount(0);

  await compose.submit.click();
  await expect(compose.toast('Thread created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/t\/pictures-from-the-meetup-\d+$/);
  const thread = new ThreadPage(page);
  await expect(thread.title).toHaveText(title);
  const opening = thread.posts.first();
  await expect(opening).toContainText('Original Post');
  await expect(opening).toHaveAttribute('data-status', 'sent');

  // The image is served by storage's public URL and really decodes.
  const image = opening.getByRole('img').first();
  await expect(image).toHaveAttribute('src', /\/storage\/v1\/object\/public\/media\/.+\.png$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
  await expect(opening.getByRole('button', { name: 'Play YouTube video' })).toBeVisible();

  await thread.reply('Great banner, who designed it?');
  await expect(thread.post('Great banner, who designed it?')).toHaveAttribute('data-status', 'sent');

  await opening.getByRole('button', { name: /^Quote / }).click();
  await expect(thread.replyBox).toHaveValue(/ said:\*\*\n> Here is the banner we printed:/);
  await expect(thread.replyBox).toBeFocused();
  await thread.replyBox.press('End');
  await thread.replyBox.pressSequentially('Agreed, it looks great.');
  await thread.postReply.click();
  const quoting = thread.post('Agreed, it looks great.');
  await expect(quoting).toHaveAttribute('data-status', 'sent');
  await expect(quoting.locator('blockquote')).toContainText('Here is the banner we printed:');

  const reply = thread.post('Great banner, who designed it?');
  await reply.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Edit your post' }).fill('Great banner! Who designed it?');
  await page.getByRole('button', { name: 'Save' }).click();
  const edited = thread.post('Great banner! Who designed it?');
  await expect(edited).toContainText('(edited)');
  await expect(edited).toHaveAttribute('data-status', 'sent');

  await edited.getByRole('button', { name: 'Delete' }).click();
  await thread.confirm('Delete');
  await thread.toast('Post deleted successfully!');
  await expect(thread.post('Great banner! Who designed it?')).toHaveCount(0);

  // The server holds one thread with its opening post, the quoting reply, and not the deleted one.
  const admin = await serviceClient(baseURL!);
  await expect
    .poll(async () => {
      const { data } = await admin.from('threads').select('id, posts(content)').eq('title', title);
      return data?.map((t) => (t.posts as { content: string }[]).length);
    })
    .toEqual([2]);
});

test('the spec validation messages show under each field, and the title limit is 200', async ({ page }) => {
  const compose = new CreateThreadPage(page);
  await compose.signInAndOpen();
  await compose.submit.click();
  await expect(compose.error('Please select a category')).toBeVisible();
  await expect(compose.error('Title must be at least 5 characters')).toBeVisible();
  await expect(compose.error('Content must be at least 10 characters')).toBeVisible();
  await expect(compose.category).toBeFocused();
  await expect(page).toHaveURL(/\/create-thread$/);

  await compose.chooseCategory();
  await compose.title.fill('x'.repeat(201));
  await expect(compose.error('Title is too long')).toBeVisible();
  await expect(compose.error('Please select a category')).toHaveCount(0);
  await compose.title.fill('A fine title');
  await compose.content.fill('Too short');
  await expect(compose.error('Content must be at least 10 characters')).toBeVisible();
  await compose.content.fill('Long enough now');
  await expect(compose.error('Content must be at least 10 characters')).toHaveCount(0);
  // The database's cap (100,000 characters, counted as Postgres counts them): one past it is refused here first.
  await compose.content.fill('x'.repeat(100_001));
  await expect(compose.error('Content is too long (max 100,000 characters)')).toBeVisible();
  await compose.content.fill('😀'.repeat(100_000));
  await expect(compose.error('Content is too long (max 100,000 characters)')).toHaveCount(0);
});

test('a non-image file and an over-10 MB image are refused with the spec texts while a good one uploads', async ({
  page,
}) => {
  const compose = new CreateThreadPage(page);
  await compose.signInAndOpen();
  const uploads: string[] = [];
  page.on('request', (r) => r.url().includes('/storage/v1/object/media/') && uploads.push(r.url()));
  await compose.upload(
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
    { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) },
    { name: 'ok.png', mimeType: 'image/png', buffer: makePng() },
  );
  await expect(compose.toast('notes.txt is not a valid image or GIF')).toBeVisible();
  await expect(compose.toast('huge.png is too large (max 10MB)')).toBeVisible();
  await expect(compose.toast('Uploaded 1 file(s)')).toBeVisible();
  await expect(compose.content).toHaveValue(/^!\[ok\.png\]\(http.+\.png\)\n$/);
  expect(uploads).toHaveLength(1);
  // The input was reset, so the same file can be chosen again.
  await expect(compose.fileInput).toHaveValue('');
});

test('toolbar: the placeholder, code blocks, emoji picker and arrow keys; a draft survives reload', async ({
  page,
}) => {
  const compose = new CreateThreadPage(page);
  await compose.signInAndOpen();
  await compose.tool('Bold').click();
  await expect(compose.content).toHaveValue('**text**');
  // The placeholder is selected, so typing replaces it.
  await page.keyboard.type('GUAPX');
  await expect(compose.content).toHaveValue('**GUAPX**');

  await compose.content.fill('line one\nline two');
  await compose.content.selectText();
  await compose.tool('Code').click();
  await expect(compose.content).toHaveValue('```\nline one\nline two\n```');

  // Arrow keys move along the toolbar; Enter opens the emoji picker, whose grid has 8 columns.
  await compose.content.press('Control+End');
  await compose.tool('Bold').focus();
  await page.keyboard.press('End');
  await expect(compose.tool('Insert emoji')).toBeFocused();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Emoji picker' });
  await expect(picker).toBeVisible();
  const emojis = picker.getByRole('button');
  expect(await emojis.count()).toBeGreaterThanOrEqual(85);
  const columns = await picker.evaluate(
    (el) => getComputedStyle(el.firstElementChild!).gridTemplateColumns.split(' ').length,
  );
  expect(columns).toBe(8);
  await page.screenshot({ path: 'test-results/screens/desktop-create-thread-emoji.png' });
  await expectNoSeriousA11yViolations(page, '/create-thread with the emoji picker');
  await emojis.getByText('🚀').click();
  await expect(picker).toBeHidden();
  await expect(compose.content).toHaveValue(/🚀$/);

  await compose.title.fill('A draft worth keeping');
  await page.reload();
  await expect(compose.title).toHaveValue('A draft worth keeping');
  await expect(compose.content).toHaveValue(/🚀$/);
  await compose.cancel.click();
  await page.goto('/create-thread');
  await expect(compose.title).toHaveValue('');
});

test('a link shared to the app opens Create Thread pre-filled, through sign-in', async ({ page }) => {
  const compose = new CreateThreadPage(page);
  const share = `?title=${encodeURIComponent('GUAPX on a new exchange')}&text=${encodeURIComponent(
    'Worth a look',
  )}&url=${encodeURIComponent('https://example.com/listing')}`;
  await page.goto(`/create-thread${share}`);
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  await new AuthPage(page).signIn(MEMBER.email, MEMBER.password);
  await expect(compose.heading).toBeVisible();
  await expect(compose.title).toHaveValue('GUAPX on a new exchange');
  await expect(compose.content).toHaveValue('Worth a look\n\nhttps://example.com/listing');
  await expect(page).toHaveURL(/\/create-thread$/);
});
