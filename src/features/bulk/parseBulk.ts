// The bulk importer's input rules (SPEC §5 "Bulk creation"): a .json or .csv file, or pasted JSON, in; a list of
// {title, content} out, or the reason it was refused. Pure, so the rules are tested without a browser.
import Papa from 'papaparse';
import { z } from 'zod';

export interface BulkItem {
  title: string;
  content: string;
}

type BulkParse = { ok: true; items: BulkItem[] } | { ok: false; error: string };

export const PARSE_FAILED = 'Failed to parse file';
export const WRONG_EXTENSION = 'Only .json and .csv files can be imported';
export const NOTHING_IN_FILE = 'No threads to create: the file has no item with a title';

// Unknown keys are left out; a title or content that is there but not text makes the file malformed.
const jsonItem = z.object({ title: z.string().nullish(), content: z.string().nullish() });
const jsonInput = z.union([z.array(jsonItem), jsonItem]);

// Spreadsheet programs start their CSV and JSON exports with a byte-order mark, which JSON.parse refuses.
const withoutBom = (text: string) => text.replace(/^\uFEFF/, '');

/** Rows without a title are skipped; both fields are trimmed. */
function titled(items: { title?: string | null; content?: string | null }[]): BulkItem[] {
  return items
    .map((item) => ({ title: (item.title ?? '').trim(), content: (item.content ?? '').trim() }))
    .filter((item) => item.title !== '');
}

/** An array of {title, content} or a single one; null when the text is not JSON of that shape. */
function fromJson(text: string): BulkItem[] | null {
  let data: unknown;
  try {
    data = JSON.parse(withoutBom(text));
  } catch {
    return null;
  }
  const parsed = jsonInput.safeParse(data);
  if (!parsed.success) return null;
  return titled(Array.isArray(parsed.data) ? parsed.data : [parsed.data]);
}

/**
 * Title, then content: the first field is the title, and the rest of the row is the content, so an unquoted comma in
 * the content stays part of it (the spec's "first comma splits title from content"). Quoted fields keep their commas
 * and line breaks. The first row is a header, and skipped, when it contains 'title'.
 */
function fromCsv(text: string): BulkItem[] | null {
  const result = Papa.parse<string[]>(withoutBom(text), { delimiter: ',', skipEmptyLines: 'greedy' });
  // With the delimiter given, the only errors left are quotes that do not close or close in the middle of a field.
  if (result.errors.length > 0) return null;
  const [first, ...rest] = result.data;
  const rows = first && first.join(',').toLowerCase().includes('title') ? rest : result.data;
  return titled(rows.map(([title, ...content]) => ({ title, content: content.join(',') })));
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();

/** A chosen file: its extension says how to read it. */
export function parseBulkFile(name: string, text: string): BulkParse {
  const extension = extensionOf(name);
  if (extension !== 'json' && extension !== 'csv') return { ok: false, error: WRONG_EXTENSION };
  // A NUL character means a binary file (an image, a spreadsheet) renamed, not text to import.
  const items = text.includes('\0') ? null : extension === 'json' ? fromJson(text) : fromCsv(text);
  if (!items) return { ok: false, error: PARSE_FAILED };
  // A file that parses to nothing ("[]", a header alone) is a mistake to say, not a load to confirm.
  return items.length > 0 ? { ok: true, items } : { ok: false, error: NOTHING_IN_FILE };
}

/** Pasted JSON: null while it is not (yet) valid, which the page ignores silently, as the spec says. */
export function parsePastedJson(text: string): BulkItem[] | null {
  return fromJson(text);
}
