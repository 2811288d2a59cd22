// The toolbar's markdown formatting (SPEC §2 "Content editor and toolbar"): each tool wraps or prefixes the
// selection, or inserts the placeholder word 'text' when nothing is selected, and reports the new selection.
export type FormatTool = 'bold' | 'italic' | 'heading' | 'link' | 'code' | 'quote' | 'bulletList' | 'numberedList';

const PLACEHOLDER = 'text';

/** The textarea's text and selection, before or after an edit. */
export interface EditorState {
  value: string;
  start: number;
  end: number;
}

/** Replaces [start, end) with `before + inner + after` and selects `inner`, so typing overwrites it. */
function wrap(state: EditorState, before: string, inner: string, after: string): EditorState {
  const value = state.value.slice(0, state.start) + before + inner + after + state.value.slice(state.end);
  const start = state.start + before.length;
  return { value, start, end: start + inner.length };
}

/** A newline in front when the insertion point is not already at the start of a line. */
function lineBreakBefore(value: string, at: number): string {
  return at === 0 || value[at - 1] === '\n' ? '' : '\n';
}

function lineBreakAfter(value: string, at: number): string {
  return at === value.length || value[at] === '\n' ? '' : '\n';
}

/** Prefixes every line of the selection (or the placeholder) and keeps the whole block selected. */
function prefixLines(state: EditorState, selected: string, prefix: (index: number) => string): EditorState {
  const block = (selected || PLACEHOLDER)
    .split('\n')
    .map((line, i) => prefix(i) + line)
    .join('\n');
  const before = lineBreakBefore(state.value, state.start);
  const after = lineBreakAfter(state.value, state.end);
  if (selected) return wrap(state, before, block, after);
  // With the placeholder, select only the word so typing replaces it and keeps the marker.
  return wrap(state, before + prefix(0), PLACEHOLDER, after);
}

export function applyFormat(state: EditorState, tool: FormatTool): EditorState {
  const selected = state.value.slice(state.start, state.end);
  const inner = selected || PLACEHOLDER;
  switch (tool) {
    case 'bold':
      return wrap(state, '**', inner, '**');
    case 'italic':
      return wrap(state, '*', inner, '*');
    case 'heading':
      return wrap(state, `${lineBreakBefore(state.value, state.start)}## `, inner, '');
    case 'link': {
      // The address is what the member still has to type, so it is the part left selected.
      const next = wrap(state, '[', inner, '](url)');
      const urlStart = next.end + 2;
      return { value: next.value, start: urlStart, end: urlStart + 3 };
    }
    case 'code':
      // SPEC §2: a selection spanning lines becomes a fenced block; anything else is inline code.
      if (selected.includes('\n')) {
        const before = `${lineBreakBefore(state.value, state.start)}\`\`\`\n`;
        return wrap(state, before, selected, `\n\`\`\`${lineBreakAfter(state.value, state.end)}`);
      }
      return wrap(state, '`', inner, '`');
    case 'quote':
      return prefixLines(state, selected, () => '> ');
    case 'bulletList':
      return prefixLines(state, selected, () => '- ');
    case 'numberedList':
      return prefixLines(state, selected, (i) => `${i + 1}. `);
  }
}

/** Inserts text at the caret (replacing any selection) and puts the caret after it. */
export function insertText(state: EditorState, text: string): EditorState {
  return wrap(state, text, '', '');
}

/** Inserts text on a line of its own, as images and video markers must be (SPEC §2). */
export function insertBlock(state: EditorState, text: string): EditorState {
  // Ending on a fresh line lets the next image of a batch start on its own line too.
  const after = state.value[state.end] === '\n' ? '' : '\n';
  const block = `${lineBreakBefore(state.value, state.start)}${text}${after}`;
  return wrap(state, block, '', '');
}

/** The text with a block added after it, a blank line apart, and the caret at the very end, on a line of its own. */
export function appendBlock(value: string, block: string): EditorState {
  const before = value.trim() === '' ? '' : `${value.trimEnd()}\n\n`;
  const text = block.endsWith('\n') ? block : `${block}\n`;
  const next = `${before}${text}`;
  return { value: next, start: next.length, end: next.length };
}
