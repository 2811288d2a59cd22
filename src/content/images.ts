// SPEC §2: the gallery's image URLs come from markdown image syntax with http or https links.
const IMAGE = /!\[[^\]]*\]\(\s*<?(https?:\/\/[^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/gi;

export function extractImages(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(IMAGE)].map((m) => m[1]!))];
}
