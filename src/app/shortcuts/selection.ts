// The keyboard's selection, kept on the page itself: the posts of a thread or the rows of a thread list, as their
// screens render them. The selected one carries data-selected="true" and has the focus, so it shows the focus ring.

const POSTS = 'article[data-testid="post"]';
const ROWS = 'li[data-testid="thread-row"]';
const SELECTED = '[data-selected="true"]';

/** What j and k move through on this page: the thread's posts, else the list's rows. */
function items(root: ParentNode): HTMLElement[] {
  const posts = root.querySelectorAll<HTMLElement>(POSTS);
  return Array.from(posts.length > 0 ? posts : root.querySelectorAll<HTMLElement>(ROWS));
}

export function selectedItem(root: ParentNode): HTMLElement | null {
  const selected = root.querySelector<HTMLElement>(SELECTED);
  return selected && selected.matches(`${POSTS}, ${ROWS}`) ? selected : null;
}

function select(item: HTMLElement) {
  for (const other of document.querySelectorAll<HTMLElement>(SELECTED)) other.removeAttribute('data-selected');
  item.setAttribute('data-selected', 'true');
  // Focusable by script only, so Tab keeps its order through links and buttons.
  if (!item.hasAttribute('tabindex')) item.setAttribute('tabindex', '-1');
  item.focus({ preventScroll: true });
  item.scrollIntoView({ block: 'nearest' });
}

/** The first item whose top is on screen: where a first j or k starts reading. */
function firstOnScreen(list: HTMLElement[]): HTMLElement | undefined {
  return list.find((item) => item.getBoundingClientRect().bottom > 0) ?? list[list.length - 1];
}

/** Moves the selection one item down (1) or up (-1); the first press selects the item in view. */
export function moveSelection(root: ParentNode, step: 1 | -1): HTMLElement | null {
  const list = items(root);
  if (list.length === 0) return null;
  const current = selectedItem(root);
  const index = current ? list.indexOf(current) : -1;
  const next = index < 0 ? firstOnScreen(list) : list[Math.min(list.length - 1, Math.max(0, index + step))];
  if (!next) return null;
  select(next);
  return next;
}
