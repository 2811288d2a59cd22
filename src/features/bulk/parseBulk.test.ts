import { describe, expect, it } from 'vitest';
import { NOTHING_IN_FILE, PARSE_FAILED, WRONG_EXTENSION, parseBulkFile, parsePastedJson } from './parseBulk.ts';

const items = (name: string, text: string) => {
  const result = parseBulkFile(name, text);
  if (!result.ok) throw new Error(`expected items, got "${result.error}"`);
  return result.items;
};

describe('JSON', () => {
  it('takes an array of {title, content}, trimmed, leaving other keys out', () => {
    const text = JSON.stringify([
      { title: '  Staking rewards ', content: ' How often are they paid? ', author: 'x' },
      { title: 'Node setup', content: 'Which port does the node use?' },
    ]);
    expect(items('threads.json', text)).toEqual([
      { title: 'Staking rewards', content: 'How often are they paid?' },
      { title: 'Node setup', content: 'Which port does the node use?' },
    ]);
  });

  it('takes a single object as one item', () => {
    expect(items('one.JSON', '{"title":"Only one","content":"A single thread here."}')).toEqual([
      { title: 'Only one', content: 'A single thread here.' },
    ]);
  });

  it('skips items without a title, and reads a missing content as empty', () => {
    const text = JSON.stringify([{ content: 'no title' }, { title: '   ', content: 'blank' }, { title: 'Kept' }]);
    expect(items('a.json', text)).toEqual([{ title: 'Kept', content: '' }]);
  });

  it('refuses an empty list, or one without a titled item: there is nothing to create', () => {
    expect(parseBulkFile('empty.json', '[]')).toEqual({ ok: false, error: NOTHING_IN_FILE });
    expect(parseBulkFile('untitled.json', '[{"content":"no title"}]')).toEqual({ ok: false, error: NOTHING_IN_FILE });
  });

  it('reads a file that starts with a byte-order mark', () => {
    expect(items('bom.json', '\uFEFF[{"title":"With BOM","content":"From a spreadsheet."}]')).toHaveLength(1);
  });

  it.each([
    ['cut off', '[{"title":"Half a file","content":"and then'],
    ['not JSON at all', 'title,content\nHello,World'],
    ['a number', '42'],
    ['a list of strings', '["one","two"]'],
    ['a title that is not text', '[{"title":5,"content":"Numbers are not titles"}]'],
    ['null', 'null'],
  ])('refuses a malformed file: %s', (_case, text) => {
    expect(parseBulkFile('bad.json', text)).toEqual({ ok: false, error: PARSE_FAILED });
  });
});

describe('CSV', () => {
  it('skips a header row that contains "title", in any case, and reads title then content', () => {
    expect(items('t.csv', 'Title,Content\nFirst thread,Its opening post\nSecond one,Another post\n')).toEqual([
      { title: 'First thread', content: 'Its opening post' },
      { title: 'Second one', content: 'Another post' },
    ]);
  });

  it('keeps the first row when it has no "title" in it', () => {
    expect(items('t.csv', 'First thread,Its opening post')).toEqual([
      { title: 'First thread', content: 'Its opening post' },
    ]);
  });

  it('keeps commas and line breaks inside quoted fields, and doubled quotes as one', () => {
    const text = 'title,content\r\n"Fees, limits and you","Line one, with a comma\nLine two says ""hi"""\r\n';
    expect(items('q.csv', text)).toEqual([
      { title: 'Fees, limits and you', content: 'Line one, with a comma\nLine two says "hi"' },
    ]);
  });

  it('splits at the first comma: unquoted commas after it stay in the content', () => {
    expect(items('c.csv', 'Price talk,up, down, sideways')).toEqual([
      { title: 'Price talk', content: 'up, down, sideways' },
    ]);
  });

  it('skips rows without a title and blank lines', () => {
    expect(items('s.csv', 'title,content\n,orphan content\n   ,also orphan\n\n  \nReal title,Real content')).toEqual([
      { title: 'Real title', content: 'Real content' },
    ]);
  });

  it('refuses an empty file or a header alone: there is nothing to create', () => {
    expect(parseBulkFile('e.csv', '')).toEqual({ ok: false, error: NOTHING_IN_FILE });
    expect(parseBulkFile('h.csv', 'title,content\n')).toEqual({ ok: false, error: NOTHING_IN_FILE });
  });

  it.each([
    ['a quote that never closes', 'title,content\n"Unclosed title,some content\nNext,row'],
    ['a quote closed in the middle of a field', 'title,content\n"Half"quoted,content'],
    ['a binary file renamed', 'PNG\0\0\0IHDR,stuff'],
  ])('refuses a malformed file: %s', (_case, text) => {
    expect(parseBulkFile('bad.csv', text)).toEqual({ ok: false, error: PARSE_FAILED });
  });
});

it('refuses other extensions with its own message, whatever the content', () => {
  for (const name of ['threads.txt', 'threads.xlsx', 'threads', 'csv', 'threads.csv.txt']) {
    expect(parseBulkFile(name, '[{"title":"Fine JSON","content":"but a wrong name"}]')).toEqual({
      ok: false,
      error: WRONG_EXTENSION,
    });
  }
});

it('pasted JSON follows the JSON rules, and answers null while it is not valid', () => {
  expect(parsePastedJson('[{"title":"Pasted","content":"From the box"}]')).toEqual([
    { title: 'Pasted', content: 'From the box' },
  ]);
  expect(parsePastedJson('[{"title":"Pasted","content":"From the b')).toBeNull();
  expect(parsePastedJson('')).toBeNull();
  expect(parsePastedJson('"just a string"')).toBeNull();
});
