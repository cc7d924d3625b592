import { HocuspocusProvider } from '@hocuspocus/provider';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import Collaboration from '@tiptap/extension-collaboration';
import { Extension, type Editor } from '@tiptap/react';
import { yCursorPlugin } from '@tiptap/y-tiptap';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as Y from 'yjs';
import { authStore } from '../../lib/auth-store.ts';
import { storedTextToHtml } from '../../lib/safe-html.ts';
import { RichTextEditor, type RichTextEditorProps } from '../rich-text-editor.tsx';
import './collab-carets.css';

// Live co-editing of a note (spec 3 §2 Notes editor; decision 0040): the editor is bound to the note's shared (Yjs)
// document on /collab, collaborators' carets carry their names and colours. Without the connection (refused,
// offline) it is the plain editor on the stored text, and saving works as before.

const palette = ['#e03131', '#2f9e44', '#1971c2', '#f08c00', '#9c36b5', '#0c8599', '#c2255c', '#5c940d'];
export const colorOf = (userId: number) => palette[userId % palette.length]!;

export interface Collaborator {
  clientId: number;
  name: string;
  color: string;
  self: boolean;
}

export interface CollaborativeNotesEditorProps extends Omit<RichTextEditorProps, 'collaboration' | 'onEditor'> {
  /** The note's identifier, the shared document's name ('ticket:252'). */
  note: string;
  /** The text last saved: what an empty shared document is filled with, what Restore brings back. */
  stored: string;
  user: { id: number; name: string };
  /** After the first sync: whether the shared text differs from the stored text (the spec's mismatch message). */
  onSyncedDiffers: (differs: boolean) => void;
  /** Puts `text` into the shared document (Restore from the database or a revision): `key` changes each time. */
  restore: { key: number; text: string };
}

/** The same text from two editors' HTML: tags and spacing as Tiptap writes them, so only content counts. */
export function sameNoteText(a: string, b: string): boolean {
  const plain = (html: string) =>
    storedTextToHtml(html)
      .replace(/<p><\/p>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  return plain(a) === plain(b);
}

export function CollaborativeNotesEditor({
  note,
  stored,
  user,
  onSyncedDiffers,
  restore,
  ...editorProps
}: CollaborativeNotesEditorProps) {
  const [collaborators, setCollaborators] = useState<Collaborator[]>([]);
  const [connected, setConnected] = useState(false);
  const editorRef = useRef<Editor | null>(null);
  const storedRef = useRef(stored);
  storedRef.current = stored;
  const differsRef = useRef(onSyncedDiffers);
  differsRef.current = onSyncedDiffers;

  const syncedRef = useRef(false);
  // After the first sync (and the fill the server may ask for right after it), compare with the stored text.
  const compareSoon = useCallback(() => {
    setTimeout(() => {
      const editor = editorRef.current;
      if (!editor || !syncedRef.current || editor.isDestroyed) return;
      differsRef.current(!sameNoteText(editor.isEmpty ? '' : editor.getHTML(), storedRef.current));
    }, 400);
  }, []);

  const { doc, provider } = useMemo(() => {
    const doc = new Y.Doc();
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const provider = new HocuspocusProvider({
      url: `${scheme}://${window.location.host}/collab`,
      name: note,
      document: doc,
      // Read on every (re)connect, so a refreshed token is the one sent.
      token: () => authStore.getState().accessToken ?? '',
    });
    return { doc, provider };
  }, [note]);

  useEffect(() => {
    provider.setAwarenessField('user', { id: user.id, name: user.name, color: colorOf(user.id) });
  }, [provider, user.id, user.name]);

  useEffect(() => {
    const onAwareness = () => {
      const states = [...(provider.awareness?.getStates() ?? new Map()).entries()];
      setCollaborators(
        states
          .filter(([, state]) => state.user)
          .map(([clientId, state]) => ({
            clientId,
            name: String(state.user.name),
            color: String(state.user.color),
            self: clientId === doc.clientID,
          })),
      );
    };
    const onSynced = () => {
      setConnected(true);
      syncedRef.current = true;
      compareSoon();
    };
    // The server asks one editor to fill an empty shared document from the stored text (decision 0040).
    const onStateless = ({ payload }: { payload: string }) => {
      const message = JSON.parse(payload) as { type?: string; text?: string };
      const editor = editorRef.current;
      if (message.type === 'fill-from-stored' && editor?.isEmpty && message.text)
        editor.commands.setContent(storedTextToHtml(message.text));
    };
    const onDisconnect = () => setConnected(false);
    provider.on('awarenessChange', onAwareness);
    provider.on('synced', onSynced);
    provider.on('stateless', onStateless);
    provider.on('disconnect', onDisconnect);
    // The first sync may finish before these listeners exist.
    if (provider.isSynced) onSynced();
    onAwareness();
    return () => {
      provider.off('awarenessChange', onAwareness);
      provider.off('synced', onSynced);
      provider.off('stateless', onStateless);
      provider.off('disconnect', onDisconnect);
    };
  }, [provider, doc, compareSoon]);

  useEffect(
    () => () => {
      provider.destroy();
      doc.destroy();
    },
    [provider, doc],
  );

  // Restore: the text into the shared document, so every editor shows it.
  const restoreText = useRef(restore.text);
  restoreText.current = restore.text;
  useEffect(() => {
    if (restore.key > 0) editorRef.current?.commands.setContent(storedTextToHtml(restoreText.current));
  }, [restore.key]);

  const collaboration = useMemo(
    () => [
      Collaboration.configure({ document: doc, field: 'default' }),
      Extension.create({
        name: 'collaboratorCarets',
        addProseMirrorPlugins: () => (provider.awareness ? [yCursorPlugin(provider.awareness)] : []),
      }),
    ],
    [doc, provider],
  );
  const onEditor = useCallback(
    (editor: Editor) => {
      editorRef.current = editor;
      compareSoon();
    },
    [compareSoon],
  );

  return (
    <>
      <Group gap={6} mb={4} aria-label="Editing now" role="list">
        <Tooltip label={connected ? 'Live: changes reach the others as you type' : 'Not connected: editing alone'}>
          <Badge size="sm" variant="dot" color={connected ? 'green' : 'gray'}>
            {connected ? 'Live' : 'Offline'}
          </Badge>
        </Tooltip>
        {collaborators.map((person) => (
          <Text key={person.clientId} role="listitem" size="xs" fw={600} style={{ color: person.color }}>
            {person.self ? 'You' : person.name}
          </Text>
        ))}
      </Group>
      <RichTextEditor {...editorProps} collaboration={collaboration} onEditor={onEditor} />
    </>
  );
}
