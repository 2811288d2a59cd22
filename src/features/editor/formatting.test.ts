import { describe, expect, it } from 'vitest';
import { appendBlock, applyFormat, insertBlock, insertText, type EditorState, type FormatTool } from './formatting.ts';

/** Builds a state from a string with the selection marked by [ and ] (or a caret |). */
function at(marked: string): EditorState {
  const caret = marked.indexOf('|');
  if (caret !== -1) return { value: marked.replace('|', ''), start: caret, end: caret };
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { value: marked.replace('[', '').replace(']', ''), start, end };
}

const selected = (s: EditorState) => s.value.slice(s.start, s.end);

describe('applyFormat with a selection', () => {
  const cases: [FormatTool, string, string][] = [
    ['bold', 'say [hello] now', 'say **hello** now'],
    ['italic', 'say [hello] now', 'say *hello* now'],
    ['heading', '[Intro]', '## Intro'],
    ['link', 'see [docs]', 'see [docs](url)'],
    ['code', 'run [npm test]', 'run `npm test`'],
    ['quote', '[one\ntwo]', '> one\n> two'],
    ['bulletList', '[one\ntwo]', '- one\n- two'],
    ['numberedList', '[one\ntwo\nthree]', '1. one\n2. two\n3. three'],
  ];
  it.each(cases)('%s', (tool, input, output) => {
    expect(applyFormat(at(input), tool).value).toBe(output);
  });

  it('keeps the wrapped words selected', () => {
    expect(selected(applyFormat(at('say [hello] now'), 'bold'))).toBe('hello');
  });

  it('selects the url of a link, the part still to type', () => {
    expect(selected(applyFormat(at('see [docs]'), 'link'))).toBe('url');
  });

  it('puts headings and block tools on a line of their own', () => {
    expect(applyFormat(at('before [Intro]'), 'heading').value).toBe('before \n## Intro');
    expect(applyFormat(at('a [b] c'), 'quote').value).toBe('a \n> b\n c');
  });
});

describe("applyFormat with nothing selected inserts the 'text' placeholder", () => {
  const cases: [FormatTool, string][] = [
    ['bold', '**text**'],
    ['italic', '*text*'],
    ['heading', '## text'],
    ['link', '[text](url)'],
    ['code', '`text`'],
    ['quote', '> text'],
    ['bulletList', '- text'],
    ['numberedList', '1. text'],
  ];
  it.each(cases)('%s', (tool, output) => {
    const next = applyFormat(at('|'), tool);
    expect(next.value).toBe(output);
    if (tool !== 'link') expect(selected(next)).toBe('text');
  });

  it('at the caret, between existing words', () => {
    expect(applyFormat(at('a | b'), 'bold').value).toBe('a **text** b');
  });
});

describe('code blocks', () => {
  it('fences a selection that has newlines', () => {
    expect(applyFormat(at('[const a = 1;\nconst b = 2;]'), 'code').value).toBe('```\nconst a = 1;\nconst b = 2;\n```');
  });

  it('puts the fences on their own lines inside a paragraph', () => {
    expect(applyFormat(at('x [a\nb] y'), 'code').value).toBe('x \n```\na\nb\n```\n y');
  });

  it('keeps a one-line selection inline', () => {
    expect(applyFormat(at('[a b]'), 'code').value).toBe('`a b`');
  });
});

describe('insertText and insertBlock', () => {
  it('inserts at the caret and moves the caret after it', () => {
    const next = insertText(at('a|b'), '😀');
    expect(next.value).toBe('a😀b');
    expect(next.start).toBe(3);
  });

  it('replaces the selection', () => {
    expect(insertText(at('a[xx]b'), '!').value).toBe('a!b');
  });

  it('puts a block on its own line, and a second one on the next line', () => {
    const once = insertBlock(at('Look:|'), '![a.png](https://x/a.png)');
    expect(once.value).toBe('Look:\n![a.png](https://x/a.png)\n');
    const twice = insertBlock(once, '![b.png](https://x/b.png)');
    expect(twice.value).toBe('Look:\n![a.png](https://x/a.png)\n![b.png](https://x/b.png)\n');
  });

  it('splits a line when the caret is in its middle', () => {
    expect(insertBlock(at('ab|cd'), '[youtube:dQw4w9WgXcQ]').value).toBe('ab\n[youtube:dQw4w9WgXcQ]\ncd');
  });
});

describe('appendBlock', () => {
  it('puts the block a blank line after the text and the caret on a new line after it', () => {
    const next = appendBlock('My answer  ', '> **Ann said:**\n> hi\n\n');
    expect(next.value).toBe('My answer\n\n> **Ann said:**\n> hi\n\n');
    expect(next.start).toBe(next.value.length);
    expect(next.end).toBe(next.value.length);
  });

  it('starts an empty box with the block and ends a block that lacks one with a line break', () => {
    expect(appendBlock('', '> x').value).toBe('> x\n');
  });
});
