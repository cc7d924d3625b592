import type { Editor } from '@tiptap/react';

// Commands for the toolbar controls callers add to the rich-text editor; apart from it, so a caller can name them
// without loading the editor (it is loaded lazily, components/rich-text-editor.tsx).

/** Starts a new line with `line` at the cursor (at the end when the editor is not focused): the notes' stamp. */
export function insertLine(editor: Editor, line: string): void {
  editor.commands.focus(editor.isFocused ? null : 'end');
  const chain = editor.chain();
  if (editor.state.selection.$from.parent.content.size > 0) chain.splitBlock();
  // Plain text: the stamp does not carry on the bold or link the cursor was in.
  chain
    .command(({ tr }) => {
      tr.setStoredMarks([]);
      return true;
    })
    .insertContent({ type: 'text', text: line })
    .run();
}
