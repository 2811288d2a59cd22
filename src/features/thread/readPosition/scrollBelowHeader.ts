// Scrolls an element to the top of the window, just below the sticky header, so a jump never lands under it.

/** Room left above the element, beyond the header's height (as a linked post's scroll margin). */
const GAP_PX = 16;

/**
 * Where the app's sticky header ends in the window: measured, as on a phone it wraps to two rows (its search box
 * below the menu), taller than the desktop's --header-height; 0 on a page without it.
 */
export function headerBottom(): number {
  const header = document.querySelector('[data-app-header]');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

export function scrollBelowHeader(element: Element) {
  const top = element.getBoundingClientRect().top + window.scrollY - headerBottom() - GAP_PX;
  window.scrollTo({ top: Math.max(0, top) });
}
