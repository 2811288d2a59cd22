import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMarkdownRenderer, Markdown } from './Markdown.tsx';

// The renderer's code loads apart; once it is here, every post renders at once, as on a screen that waited for it.
beforeAll(() => loadMarkdownRenderer());

const render = (md: string) => renderToStaticMarkup(<Markdown>{md}</Markdown>);

/** Payloads a hostile member might post. Each must render inert. */
const XSS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onload="alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html,<script>alert(1)</script>)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '[ref]: javascript:alert(1)\n\n[ref]',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>body{display:none}</style>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '**bold <img src=x onerror=alert(1)> bold**',
  '> quote <script>alert(1)</script>',
  '`<script>alert(1)</script>`',
  '<a href="https://ok.example" onclick="alert(1)">ok</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '[youtube:"><script>x</script>]',
];

describe('Markdown rendering of hostile content', () => {
  it('has a corpus of at least 30 payloads', () => {
    expect(XSS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS)('renders %j inert', (payload) => {
    const html = render(payload);
    expect(html).not.toMatch(/<(script|iframe|object|embed|svg|math|style|form|input|meta|base|body)\b/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/(href|src|action|data)\s*=\s*"\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/style\s*=/i);
  });
});

describe('Markdown rendering', () => {
  it('renders GitHub extras: tables, task lists, strikethrough and autolinks', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~gone~~ https://guapcoin.example');
    expect(html).toContain('<table>');
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain('href="https://guapcoin.example"');
  });

  it('opens links in a new tab without opener or referrer', () => {
    expect(render('[GuapCoin](https://guapcoin.example)')).toContain(
      '<a href="https://guapcoin.example" target="_blank" rel="noopener noreferrer">GuapCoin</a>',
    );
  });

  it.each([
    'irc://irc.example/guap',
    'ircs://irc.example/guap',
    'mailto:team@guapcoin.example',
    'xmpp:guap@chat.example',
  ])('keeps the allowed protocol of %s', (url) => {
    expect(render(`[link](${url})`)).toContain(`href="${url}"`);
  });

  it('lazy-loads images', () => {
    expect(render('![chart](https://img.example/chart.png)')).toMatch(/<img[^>]*loading="lazy"/);
  });

  it('turns the YouTube marker into a click-to-play placeholder that loads nothing yet', () => {
    const html = render('Watch this: [youtube:dQw4w9WgXcQ]');
    expect(html).toContain('Play YouTube video');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('[youtube:');
  });

  it('leaves a marker inside code as text', () => {
    expect(render('`[youtube:dQw4w9WgXcQ]`')).toContain('<code>[youtube:dQw4w9WgXcQ]</code>');
  });
});

describe('links that lead nowhere or stay in the page', () => {
  it('renders a link with a blanked protocol as its words, not as a link', () => {
    const html = render('Do not [click here](javascript:alert(1)) please');
    expect(html).not.toContain('<a');
    expect(html).toContain('Do not click here please');
  });

  it('keeps footnote links in the page, each pointing at an element that exists', () => {
    const html = render('A claim[^1].\n\n[^1]: The source.');
    const hrefs = [...html.matchAll(/<a href="#([^"]+)"([^>]*)>/g)];
    expect(hrefs).toHaveLength(2);
    for (const [, target, rest] of hrefs) {
      expect(html).toContain(`id="${target}"`);
      expect(rest).not.toContain('target="_blank"');
    }
  });

  it('gives each post its own footnote ids', () => {
    const html = renderToStaticMarkup(
      <>
        <Markdown>{'First[^1].\n\n[^1]: One.'}</Markdown>
        <Markdown>{'Second[^1].\n\n[^1]: Two.'}</Markdown>
      </>,
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
