// What other features may use of the editor: the markdown editor with its toolbar, and a draft kept across reloads.
export { ContentEditor, type ContentEditorHandle } from './ContentEditor.tsx';
export { useDraft } from './useDraft.ts';
