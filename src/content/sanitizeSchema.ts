// What rendered posts may contain: GitHub's sanitize schema, with SPEC §2's link protocols and our embed element.
import { defaultSchema, type Options } from 'rehype-sanitize';

/** SPEC §2: link protocols are limited to these; other links are blanked. */
export const LINK_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

export const sanitizeSchema: Options = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'youtube-embed'],
  attributes: {
    ...defaultSchema.attributes,
    'youtube-embed': [['videoId', /^[A-Za-z0-9_-]{11}$/]],
  },
  protocols: {
    ...defaultSchema.protocols,
    href: LINK_PROTOCOLS,
    // Images load from the web only: no data: or blob: payloads in posts.
    src: ['http', 'https'],
  },
};
