// The backend config written into the HTML the local stack serves, so a first visit starts with no /local/v1/config
// round trip. It holds what that endpoint answers but the URL, which is the page's own origin: the HTML is the same
// whatever Host a request names, so no request can make it point elsewhere.

export interface EmbeddedConfig {
  /** The key the app calls with as the anon role: the stack's publishable key. */
  anonKey: string;
  vapidPublicKey?: string;
  wallet?: Record<string, string>;
}

/** The id the app reads the config by (src/backend/config.ts). */
export const CONFIG_SCRIPT_ID = 'backend-config';

/**
 * JSON that stays inside its <script> element: '<' is escaped, so no value can close the element or open a comment,
 * and the line separators JavaScript once refused in strings are escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** index.html with the config as a JSON script (never run) at the end of its head. */
export function withEmbeddedConfig(html: string, config: EmbeddedConfig): string {
  const script = `<script id="${CONFIG_SCRIPT_ID}" type="application/json">${scriptSafeJson(config)}</script>`;
  const at = html.indexOf('</head>');
  return at < 0 ? script + html : html.slice(0, at) + script + html.slice(at);
}
