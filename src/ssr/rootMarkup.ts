// The app's root element in index.html, and what the server writes into it: the shell the build puts there for every
// address (scripts/ssrBundle.ts), replaced by a first page where the local stack has one
// (supabase/local/web/firstPage.ts). The end marker closes what was written, so a later writer finds where it ends;
// React clears the root, marker and all, when the app renders.
const OPEN = '<div id="root">';
const EMPTY = `${OPEN}</div>`;
const END = '<!--/root--></div>';

/** The HTML with `markup` as its root's content, and `after` right after the root; undefined with no root to fill. */
export function withRootMarkup(html: string, markup: string, after = ''): string | undefined {
  const filled = `${OPEN}${markup}${END}${after}`;
  const empty = html.indexOf(EMPTY);
  if (empty >= 0) return `${html.slice(0, empty)}${filled}${html.slice(empty + EMPTY.length)}`;
  const start = html.indexOf(OPEN);
  const end = start < 0 ? -1 : html.indexOf(END, start);
  if (end < 0) return undefined;
  return `${html.slice(0, start)}${filled}${html.slice(end + END.length)}`;
}
