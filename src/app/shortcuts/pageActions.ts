// What the page-level shortcuts do, through the controls the screens already show: a shortcut presses the same
// button a pointer would, so it is never a second path with rules of its own.
import { moveSelection, selectedItem } from './selection.ts';

type PageAction = 'next' | 'previous' | 'open' | 'reply' | 'quote' | 'like' | 'bookmark' | 'search';

/** The selected post's control of a kind: the screens name them ("Quote …", "Like (…)"); the bookmark is ours. */
const POST_CONTROLS = {
  quote: 'button[aria-label^="Quote "]',
  like: 'button[aria-label^="Like ("], button[aria-label^="Unlike ("]',
  bookmark: 'button[data-action="bookmark"]',
} as const;

function pressPostControl(root: HTMLElement, kind: keyof typeof POST_CONTROLS): boolean {
  const button = selectedItem(root)?.querySelector<HTMLButtonElement>(POST_CONTROLS[kind]);
  if (!button || button.disabled) return false;
  button.click();
  return true;
}

function openSelected(root: HTMLElement): boolean {
  const link = selectedItem(root)?.querySelector<HTMLAnchorElement>('a[href]');
  if (!link) return false;
  link.click();
  return true;
}

/** The thread's reply box, scrolled to and focused, as its "Post a reply" label would. */
function focusReply(root: HTMLElement): boolean {
  const box = root.querySelector<HTMLTextAreaElement>('form[aria-label="Reply"] textarea');
  if (!box) return false;
  box.scrollIntoView({ block: 'center' });
  box.focus({ preventScroll: true });
  return true;
}

function focusSearch(): boolean {
  const search = document.querySelector<HTMLInputElement>('header input[aria-label="Search"]');
  if (!search || search.offsetParent === null) return false;
  search.focus();
  search.select();
  return true;
}

/** Does the action on the page under `root` (the main column); false when there is nothing for it here. */
export function runPageAction(action: PageAction, root: HTMLElement): boolean {
  switch (action) {
    case 'next':
      return moveSelection(root, 1) !== null;
    case 'previous':
      return moveSelection(root, -1) !== null;
    case 'open':
      return openSelected(root);
    case 'reply':
      return focusReply(root);
    case 'search':
      return focusSearch();
    case 'quote':
    case 'like':
    case 'bookmark':
      return pressPostControl(root, action);
  }
}
