import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Highlight } from './Highlight.tsx';

describe('Highlight', () => {
  it('marks the matched words', () => {
    expect(renderToStaticMarkup(<Highlight snippet="run a [[node]] at home" />)).toBe(
      '<span>run a </span><mark>node</mark><span> at home</span>',
    );
  });

  it('renders markup in a snippet as text, never as elements', () => {
    const html = renderToStaticMarkup(
      <Highlight
        snippet={'<img src=x onerror="alert(1)"> [[<script>alert(1)</script>]] <a href="javascript:x">y</a>'}
      />,
    );
    expect(html).not.toMatch(/<(img|script|a)[\s>]/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });
});
