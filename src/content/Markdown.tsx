// Renders a post's markdown safely: GFM, the YouTube marker, lazy images, links in a new tab (in-page ones, such as
// footnotes, stay in the page), sanitized output.
import { memo, useId, useMemo, useState, useSyncExternalStore, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import styles from './Markdown.module.css';
import { rehypeInPageLinks } from './rehypeInPageLinks.ts';
import { remarkYouTube } from './remarkYouTube.ts';
import { LINK_PROTOCOLS, sanitizeSchema } from './sanitizeSchema.ts';
import { YouTubeEmbed } from './YouTubeEmbed.tsx';
import { hasYouTubeMarker } from './youtube.ts';

function Link({ node: _node, children, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  // A link whose protocol was blanked leads nowhere: its words stay, as plain text.
  if (!props.href) return <>{children}</>;
  if (props.href.startsWith('#')) return <a {...props}>{children}</a>;
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function Image({ node: _node, alt, ...props }: ComponentProps<'img'> & { node?: unknown }) {
  return <img {...props} alt={alt ?? ''} loading="lazy" decoding="async" />;
}

const components = {
  a: Link,
  img: Image,
  'youtube-embed': ({ videoId }: { videoId: string }) => <YouTubeEmbed videoId={videoId} />,
} as Components;

/** Only the protocols SPEC §2 allows survive; anything else becomes an empty link. */
function urlTransform(url: string): string {
  const colon = url.indexOf(':');
  const slash = url.search(/[/?#]/);
  if (colon === -1 || (slash !== -1 && colon > slash)) return url;
  const protocol = url.slice(0, colon).toLowerCase();
  return LINK_PROTOCOLS.includes(protocol) ? url : '';
}

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
  // The sanitizer prefixes every id (a footnote's) with one unique to this post, as a thread shows many posts, each
  // with its own [^1]; rehypeInPageLinks points the in-page links at the prefixed ids.
  const idPrefix = `user-content-${useId().replace(/[^A-Za-z0-9]/g, '')}-`;
  const schema = useMemo(() => ({ ...sanitizeSchema, clobberPrefix: idPrefix }), [idPrefix]);
  // Until its words change: then the post renders them, in an element of its own.
  if (useServerRendered(children) === children) {
    return (
      <div key="server" className={styles.markdown} dangerouslySetInnerHTML={SERVER_MARKUP} suppressHydrationWarning />
    );
  }
  return (
    <div key="rendered" className={styles.markdown}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkYouTube]}
        rehypePlugins={[
          [rehypeSanitize, schema],
          [rehypeInPageLinks, idPrefix],
        ]}
        components={components}
        remarkRehypeOptions={{ clobberPrefix: '' }}
        urlTransform={urlTransform}
        disallowedElements={hideImages ? ['img'] : undefined}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
});
