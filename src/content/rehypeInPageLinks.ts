// A rehype plugin, run after the sanitizer: an in-page link (#fn-1, a footnote's or its way back) is pointed at the id
// as the sanitizer prefixed it, so it reaches its target in this post and never an element of the app or of another
// post.
import type { Element, Root } from 'hast';

function visit(node: Root | Element, prefix: string) {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const href = child.properties.href;
    if (child.tagName === 'a' && typeof href === 'string' && href.startsWith('#')) {
      child.properties.href = `#${prefix}${href.slice(1)}`;
    }
    visit(child, prefix);
  }
}

export function rehypeInPageLinks(prefix: string) {
  return (tree: Root) => visit(tree, prefix);
}
