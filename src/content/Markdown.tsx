// A post's words: the markup the server painted them in while React hydrates that page, else rendered by
// MarkdownRenderer.tsx, whose code (the parser, GFM, the sanitizer: 50 KB gzip) loads the first time a post needs it.
import { memo, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { preloadableLazy } from '../lib/preloadableLazy.ts';
import styles from './Markdown.module.css';
import { hasYouTubeMarker } from './youtube.ts';

const rendererCode = preloadableLazy(
  () => import('./MarkdownRenderer.tsx'),
  (m) => m.MarkdownRenderer,
);

/** The renderer's code: a screen that renders posts anew may wait for it, so that no post shows empty meanwhile. */
export const loadMarkdownRenderer = rendererCode.load;

const neverChanges = () => () => undefined;

/** True while React hydrates the server's page (and on the server): only then does it ask the server's snapshot. */
function useHydrating(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  );
}

/** What a kept post's element declares: React leaves the markup inside it as the server wrote it. */
const SERVER_MARKUP = { __html: '' };

/**
 * The words a post showed when React hydrated the server's page, whose markup they are: kept, instead of parsing the
 * same words again on the page's thread while the app starts (a thread's first page hydrates 20 posts). Not in the
 * server's own render, nor for a video, whose button needs React's handler.
 */
function useServerRendered(text: string): string | undefined {
  const hydrating = useHydrating();
  const [kept] = useState(() =>
    hydrating && typeof document !== 'undefined' && !hasYouTubeMarker(text) ? text : undefined,
  );
  return kept;
}

/** Memoized: a post re-rendering for its like or its sending state does not parse its words again. */
export const Markdown = memo(function Markdown({
  children,
  hideImages = false,
}: {
  children: string;
  hideImages?: boolean;
}) {
  // The sanitizer prefixes every id (a footnote's) with one unique to this post; rehypeInPageLinks points the in-page
  // links at the prefixed ids.
  const idPrefix = `user-content-${useId().replace(/[^A-Za-z0-9]/g, '')}-`;
  const [Renderer] = useState(rendererCode.component);
  // Until its words change: then the post renders them, in an element of its own.
  if (useServerRendered(children) === children) {
    return (
      <div key="server" className={styles.markdown} dangerouslySetInnerHTML={SERVER_MARKUP} suppressHydrationWarning />
    );
  }
  // The boundary is in the server's markup too: a painted post with a video hydrates once the code is here, its
  // markup kept meanwhile.
  return (
    <div key="rendered" className={styles.markdown}>
      <Suspense fallback={null}>
        <Renderer hideImages={hideImages} idPrefix={idPrefix}>
          {children}
        </Renderer>
      </Suspense>
    </div>
  );
});
