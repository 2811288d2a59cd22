// Renders a post's markdown safely: GFM, the YouTube marker, lazy images, links in a new tab, sanitized output.
import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import styles from './Markdown.module.css';
import { remarkYouTube } from './remarkYouTube.ts';
import { LINK_PROTOCOLS, sanitizeSchema } from './sanitizeSchema.ts';
import { YouTubeEmbed } from './YouTubeEmbed.tsx';

function Link({ node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  return <a {...props} target="_blank" rel="noopener noreferrer" />;
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

/** Memoized: a post re-rendering for its like or its sending state does not parse its words again. */
export const Markdown = memo(function Markdown({
  children,
  hideImages = false,
}: {
  children: string;
  hideImages?: boolean;
}) {
  return (
    <div className={styles.markdown}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm, remarkYouTube]}
        rehypePlugins={[[rehypeSanitize, sanitizeSchema]]}
        components={components}
        urlTransform={urlTransform}
        disallowedElements={hideImages ? ['img'] : undefined}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
});
