import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor as MantineRichTextEditor } from '@mantine/tiptap';
import { useEditor, type AnyExtension, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, type ReactNode } from 'react';
import { storedTextToHtml } from '../lib/safe-html.ts';

export interface EditorControl {
  label: string;
  icon: ReactNode;
  onClick: (editor: Editor) => void;
}

export interface RichTextEditorProps {
  /** HTML (or plain text from before the editor, shown as paragraphs). */
  value: string;
  /** The editor's HTML; '' when it is empty. */
  onChange: (html: string) => void;
  /** Accessible name of the editing area. */
  label: string;
  disabled?: boolean;
  /** 'auto' grows with the text; a fixed height scrolls (spec 3 §2: auto or 250px). */
  height?: 'auto' | '250px';
  /** Extra toolbar buttons (e.g. the notes' timestamp stamp). */
  controls?: EditorControl[];
  /**
   * Extensions that bind the editor to a shared document (notes co-editing): its content then comes from the shared
   * document, not from `value`, and undo is the shared document's.
   */
  collaboration?: AnyExtension[];
  /** Called once the editor exists (the co-editing wrapper fills and restores through it). */
  onEditor?: (editor: Editor) => void;
  /** More node or mark types (e.g. the whiteboard's uploaded images); read once, when the editor is made. */
  extensions?: AnyExtension[];
}

/**
 * The notes editor (spec 3 §2, GUIDE: Tiptap through @mantine/tiptap): bold, italic, underline, strike, lists,
 * links, quotes and code. Content the editor does not know (scripts, styles, handlers) is dropped by its schema.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  disabled = false,
  height = 'auto',
  controls = [],
  collaboration,
  onEditor,
  extensions = [],
}: RichTextEditorProps) {
  // The value this editor last showed or produced: a new value from outside replaces the content.
  const shown = useRef(value);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, ...(collaboration ? { undoRedo: false } : {}) }),
      Link.configure({ openOnClick: false }),
      ...extensions,
      ...(collaboration ?? []),
    ],
    content: collaboration ? undefined : storedTextToHtml(value),
    editable: !disabled,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      shown.current = html;
      changed.current(html);
    },
  });

  useEffect(() => {
    // A shared document is its own source: `value` only follows it (a late echo would undo newer typing).
    if (!editor || collaboration || value === shown.current) return;
    shown.current = value;
    editor.commands.setContent(storedTextToHtml(value), { emitUpdate: false });
  }, [editor, value, collaboration]);
  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);
  useEffect(() => {
    if (editor) onEditor?.(editor);
  }, [editor, onEditor]);

  return (
    <MantineRichTextEditor editor={editor} aria-disabled={disabled || undefined}>
      <MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.Bold />
          <MantineRichTextEditor.Italic />
          <MantineRichTextEditor.Underline />
          <MantineRichTextEditor.Strikethrough />
          <MantineRichTextEditor.ClearFormatting />
        </MantineRichTextEditor.ControlsGroup>
        <MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.BulletList />
          <MantineRichTextEditor.OrderedList />
          <MantineRichTextEditor.Blockquote />
          <MantineRichTextEditor.Code />
        </MantineRichTextEditor.ControlsGroup>
        <MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.Link />
          <MantineRichTextEditor.Unlink />
        </MantineRichTextEditor.ControlsGroup>
        {controls.length > 0 ? (
          <MantineRichTextEditor.ControlsGroup>
            {controls.map((control) => (
              <MantineRichTextEditor.Control
                key={control.label}
                aria-label={control.label}
                title={control.label}
                disabled={disabled}
                onClick={() => editor && control.onClick(editor)}
              >
                {control.icon}
              </MantineRichTextEditor.Control>
            ))}
          </MantineRichTextEditor.ControlsGroup>
        ) : null}
      </MantineRichTextEditor.Toolbar>
      <MantineRichTextEditor.Content
        mih={120}
        style={height === '250px' ? { height: 250, overflowY: 'auto' } : undefined}
      />
    </MantineRichTextEditor>
  );
}
