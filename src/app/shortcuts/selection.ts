// The keyboard's selection, kept on the page itself: the posts of a thread or the rows of a thread list, as their
// screens render them. The selected one carries data-selected="true" and has the focus, so it shows the focus ring.
// The thread's post list unmounts pages scrolled far away, so the selection is remembered by key on the root and
// marked again on the element that comes back; per address, so another page starts afresh and coming back to a list
// finds the row left selected there.

const POSTS = 'article[data-testid="post"]';
const ROWS = 'li[data-testid="thread-row"]';
const SELECTED = '[data-selected="true"]';

/** What j and k move through on this page: the thread's posts, else the list's rows. */
function items(root: HTMLElement): HTMLElement[] {
  const posts = root.querySelectorAll<HTMLElement>(POSTS);
  return Array.from(posts.length > 0 ? posts : root.querySelectorAll<HTMLElement>(ROWS));
}

/** What names an item across re-renders: a post's element id, a row's link. */
function keyOf(item: HTMLElement): string {
  return item.id !== '' ? `#${item.id}` : (item.querySelector('a[href]')?.getAttribute('href') ?? '');
}

function mark(item: HTMLElement) {
  item.setAttribute('data-selected', 'true');
  // Focusable by script only, so Tab keeps its order through links and buttons.
  if (!item.hasAttribute('tabindex')) item.setAttribute('tabindex', '-1');
}

/** The element select() last focused: when the list unmounts it, the focus falls to the body. */
let focusedSelection: HTMLElement | null = null;

/**
 * The selected item, marked again if its element was rendered anew since it was chosen. If the focus went with the
 * element the list unmounted (to the body, not to anything the member chose), the new element takes it back.
 */
export function selectedItem(root: HTMLElement): HTMLElement | null {
  const key = root.dataset.keyboardSelection;
  if (!key || root.dataset.keyboardSelectionPath !== location.pathname) return null;
  const item = key.startsWith('#')
    ? root.querySelector<HTMLElement>(`${POSTS}[id="${CSS.escape(key.slice(1))}"]`)
    : (items(root).find((row) => keyOf(row) === key) ?? null);
  if (item && item.dataset.selected !== 'true') {
    mark(item);
    if (focusedSelection && !focusedSelection.isConnected && document.activeElement === document.body) {
      focusedSelection = item;
      item.focus({ preventScroll: true });
    }
  }
  return item;
}

function select(root: HTMLElement, item: HTMLElement) {
  for (const other of root.querySelectorAll<HTMLElement>(SELECTED)) other.removeAttribute('data-selected');
  root.dataset.keyboardSelection = keyOf(item);
  root.dataset.keyboardSelectionPath = location.pathname;
  mark(item);
  focusedSelection = item;
  item.focus({ preventScroll: true });
  item.scrollIntoView({ block: 'nearest' });
}

/** The first item whose top is on screen: where a first j or k starts reading. */
function firstOnScreen(list: HTMLElement[]): HTMLElement | undefined {
  return list.find((item) => item.getBoundingClientRect().bottom > 0) ?? list[list.length - 1];
}

/** Moves the selection one item down (1) or up (-1); the first press selects the item in view. */
export function moveSelection(root: HTMLElement, step: 1 | -1): HTMLElement | null {
  const list = items(root);
  if (list.length === 0) return null;
  const current = selectedItem(root);
  const index = current ? list.indexOf(current) : -1;
  const next = index < 0 ? firstOnScreen(list) : list[Math.min(list.length - 1, Math.max(0, index + step))];
  if (!next) return null;
  select(root, next);
  return next;
}
