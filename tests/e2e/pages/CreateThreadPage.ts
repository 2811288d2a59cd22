// Page object for /create-thread: the form, the editor's toolbar and its upload input, and a PNG made in memory.
import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { MEMBER } from '../support/accounts.ts';
import { storeSession } from '../support/signIn.ts';

export class CreateThreadPage {
  readonly heading: Locator;
  readonly category: Locator;
  readonly title: Locator;
  readonly content: Locator;
  readonly toolbar: Locator;
  readonly fileInput: Locator;
  readonly submit: Locator;
  readonly cancel: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Create New Thread' });
    this.category = page.getByLabel('Category');
    this.title = page.getByLabel('Title');
    this.content = page.getByRole('textbox', { name: 'Content' });
    this.toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    this.fileInput = page.getByTestId('editor-file-input');
    this.submit = page.getByRole('button', { name: 'Create Thread' });
    this.cancel = page.getByRole('button', { name: 'Cancel' });
  }

  /** Signs in as the demo member and lands on Create Thread (with any query, as a share does). */
  async signInAndOpen(search = '') {
    await storeSession(this.page, MEMBER);
    await this.page.goto(`/create-thread${search}`);
    await expect(this.heading).toBeVisible();
  }

  async open(search = '') {
    await this.page.goto(`/create-thread${search}`);
    await expect(this.heading).toBeVisible();
  }

  tool(name: string): Locator {
    return this.toolbar.getByRole('button', { name, exact: true });
  }

  async chooseCategory(name = 'GuapCoin General') {
    // Categories come from the mirror, which the first sync fills.
    await expect(this.category.locator('option', { hasText: name })).toHaveCount(1);
    await this.category.selectOption({ label: name });
  }

  async upload(...files: { name: string; mimeType: string; buffer: Buffer }[]) {
    await this.fileInput.setInputFiles(files);
  }

  async addYouTube(url: string) {
    await this.tool('Add YouTube video').click();
    const dialog = this.page.getByRole('dialog', { name: 'Add YouTube video' });
    await dialog.getByLabel('YouTube URL').fill(url);
    await dialog.getByRole('button', { name: 'Add Video' }).click();
  }

  error(text: string): Locator {
    return this.page.getByRole('main').getByText(text, { exact: true });
  }

  toast(text: string): Locator {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
  }
}

/** A small valid PNG (solid colour), built here so no test depends on a file from elsewhere. */
export function makePng(size = 16, rgb: [number, number, number] = [245, 179, 1]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.from([0, ...Array.from({ length: size }, () => rgb).flat()]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
