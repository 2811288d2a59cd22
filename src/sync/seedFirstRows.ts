// The rows the local stack wrote into a first page's HTML (src/data/firstRows.ts), put into the mirror before the
// app's first render: the page paints the rows the HTML showed with no REST round trip. They go in as a pull's rows
// do, so a row this device already has in a newer version, or is about to change, stays as it is.
import type { Mirror } from '../data/mirror.ts';
import { toThreadRow } from '../data/rows.ts';
import { firstAnswersOf } from '../data/firstAnswers.ts';
import { embeddedFirstRows, hydratesAt, type FirstRows } from '../data/firstRows.ts';
import { splitsWords } from '../data/wordIndex.ts';
import { putUnlessPending } from './pullWindow.ts';

// The word index's code comes beside the rows, so that their write splits their words instead of waiting for it.
void splitsWords();

export async function seedFirstRows(db: Mirror, rows: FirstRows): Promise<void> {
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

/** The page's rows, what the first screen's reads answer from them, and whether the server rendered it as the app. */
export function firstPageIn(
  doc: Pick<Document, 'getElementById'>,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
) {
  const rows = embeddedFirstRows(doc);
  if (!rows) return undefined;
  return { rows, answers: firstAnswersOf(rows), hydrates: hydratesAt(rows, pathname, search) };
}
