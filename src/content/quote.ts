// SPEC §2 and §9: the block Quote inserts into the reply box: 'author said', then the excerpt, cut at 200 characters.
const QUOTE_EXCERPT = 200;

export function quoteExcerpt(content: string): string {
  const text = content.trim();
  return text.length > QUOTE_EXCERPT ? `${text.slice(0, QUOTE_EXCERPT)}...` : text;
}

export function quoteBlock(author: string, content: string): string {
  const lines = quoteExcerpt(content)
    .split('\n')
    .map((line) => `> ${line}`.trimEnd());
  return `> **${author} said:**\n${lines.join('\n')}\n\n`;
}
