// Scrolls an element to the top of the window, just below the sticky header, so a jump never lands under it.

/** Room left above the element, beyond the header's height (as a linked post's scroll margin). */
const GAP_PX = 16;

export function scrollBelowHeader(element: Element) {
  const header = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height'));
  const top = element.getBoundingClientRect().top + window.scrollY - (Number.isFinite(header) ? header : 0) - GAP_PX;
  window.scrollTo({ top: Math.max(0, top) });
}
