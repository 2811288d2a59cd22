// The rows the local stack wrote into a first page's HTML (src/data/firstRows.ts), put into the mirror before the
// app's first render: the page paints the rows the HTML showed with no REST round trip. They go in as a pull's rows
// do, so a row this device already has in a newer version, or is about to change, stays as it is.
import type { Mirror } from '../data/mirror.ts';
import { toThreadRow } from '../data/rows.ts';
import { FIRST_ROWS_SCRIPT_ID, type FirstRows } from '../data/firstRows.ts';
import { putUnlessPending } from './pullWindow.ts';

function isFirstRows(value: unknown): value is FirstRows {
  const v = value as Partial<FirstRows> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    [v.categories, v.threads, v.posts, v.profiles].every(Array.isArray) &&
    typeof v.threadCounts === 'object'
  );
}

/** The rows in the page, or undefined when its script holds something else. */
function embeddedFirstRows(doc: Pick<Document, 'getElementById'>): FirstRows | undefined {
  const text = doc.getElementById(FIRST_ROWS_SCRIPT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isFirstRows(parsed) ? parsed : undefined;
  } catch (error) {
    console.warn('The first rows in the page could not be read', error);
    return undefined;
  }
}

export async function seedFirstRows(db: Mirror, doc: Pick<Document, 'getElementById'>): Promise<void> {
  const rows = embeddedFirstRows(doc);
  if (!rows) return;
  await putUnlessPending(db, 'categories', rows.categories);
  await putUnlessPending(db, 'profiles', rows.profiles);
  const typeOf = new Map(rows.categories.map((c) => [c.id, c.type]));
  await putUnlessPending(
    db,
    'threads',
    rows.threads.map((t) => toThreadRow(t, typeOf.get(t.category_id))),
  );
  await putUnlessPending(db, 'posts', rows.posts);
}
