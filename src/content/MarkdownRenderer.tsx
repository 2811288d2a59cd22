// Renders a post's markdown safely: GFM, the YouTube marker, lazy images, links in a new tab (in-page ones, such as
// footnotes, stay in the page), sanitized output. Loaded apart (Markdown.tsx): a thread the server painted keeps its
// posts' markup, so a visitor's first screen never evaluates this parser (50 KB gzip).
import { useMemo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { rehypeInPageLinks } from './rehypeInPageLinks.ts';
import { remarkYouTube } from './remarkYouTube.ts';
import { LINK_PROTOCOLS, sanitizeSchema } from './sanitizeSchema.ts';
import { YouTubeEmbed } from './YouTubeEmbed.tsx';

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

export function MarkdownRenderer({
  children,
  hideImages,
  idPrefix,
}: {
  children: string;
  hideImages: boolean;
  /** Put before every id (a footnote's): a thread shows many posts, each with its own [^1]. */
  idPrefix: string;
}) {
  const schema = useMemo(() => ({ ...sanitizeSchema, clobberPrefix: idPrefix }), [idPrefix]);
  return (
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
  );
}
