// Counts what React renders on a page: a stand-in for React DevTools' hook, which react-dom calls at each commit when
// the page has one. A function component rendered in a commit when its fiber has React's PerformedWork flag, as
// DevTools decides; a subtree React bailed out of keeps its fibers, so it is not walked.

/** The page's record: each commit's time (page clock) and how many function components it rendered. */
export interface Commit {
  at: number;
  rendered: number;
}

/** Install before the page's scripts (addInitScript); the commits are in `window.__commits`. */
export const RENDER_COUNT_SHIM = `
  window.__commits = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { this.renderers.set(1, renderer); return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      let rendered = 0;
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        if (typeof fiber.type === 'function' && (fiber.flags & 1)) rendered += 1;
        const before = fiber.alternate;
        if (before && fiber.child === before.child) continue;
        for (let child = fiber.child; child; child = child.sibling) stack.push(child);
      }
      window.__commits.push({ at: performance.now(), rendered });
    },
  };
`;

/** Components rendered from `after` (page clock) on. */
export function renderedAfter(commits: Commit[], after: number): number {
  return commits.filter((commit) => commit.at > after).reduce((sum, commit) => sum + commit.rendered, 0);
}
