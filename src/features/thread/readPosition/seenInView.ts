// When a post counts as seen: scrolled into view, not merely rendered. A short post must be wholly in the window; a
// post taller than half the window counts once it fills half of it.

/** The intersection ratios at which the observer reports, so a tall post is looked at as it scrolls through. */
export const SEEN_THRESHOLDS = [0, 0.25, 0.5, 0.75, 0.99];

export function isSeen(
  entry: Pick<IntersectionObserverEntry, 'isIntersecting' | 'intersectionRatio' | 'intersectionRect'>,
  windowHeight: number,
): boolean {
  if (!entry.isIntersecting) return false;
  return entry.intersectionRatio >= 0.99 || entry.intersectionRect.height >= windowHeight / 2;
}
