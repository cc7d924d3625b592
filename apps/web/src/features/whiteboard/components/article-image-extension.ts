import { whiteboardImagePathPattern } from '@switchboard/shared';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { Node } from '@tiptap/react';

// Images in whiteboard articles (decision 0053): a pasted, dropped or picked image is uploaded (POST
// /api/whiteboard/image) and the article keeps `<img src="uploads/whiteboard/….png">`; the editor shows it from a
// blob read through POST /api/download. Images from anywhere else are not part of the schema and drop out.

export interface ArticleImageOptions {
  /** Uploads a file; answers the stored path. */
  upload: (file: File) => Promise<string>;
  /** Reads a stored image. */
  load: (path: string) => Promise<Blob>;
  /** A failed upload. */
  onError: () => void;
}

const imageFiles = (files: FileList | null | undefined) =>
  Array.from(files ?? []).filter((file) => /^image\/(png|jpeg|gif|webp)$/i.test(file.type));

/** Uploads the files and inserts each image where the cursor is (or at `pos`). */
export async function insertArticleImages(
  view: EditorView,
  files: File[],
  options: ArticleImageOptions,
  pos?: number,
): Promise<void> {
  for (const file of files) {
    let path: string;
    try {
      path = await options.upload(file);
    } catch {
      options.onError();
      continue;
    }
    const node = view.state.schema.nodes.articleImage!.create({ src: path, alt: file.name });
    const at = pos ?? view.state.selection.from;
    view.dispatch(view.state.tr.insert(Math.min(at, view.state.doc.content.size), node));
  }
}

export const ArticleImage = Node.create<ArticleImageOptions>({
  name: 'articleImage',
  group: 'inline',
  inline: true,
  draggable: true,
  atom: true,

  addOptions() {
    return {
      upload: () => Promise.reject(new Error('no upload')),
      load: () => Promise.reject(new Error('no loader')),
      onError: () => undefined,
    };
  },

  addAttributes() {
    return { src: { default: null }, alt: { default: '' } };
  },

  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => (whiteboardImagePathPattern.test(element.getAttribute('src') ?? '') ? null : false),
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['img', { src: HTMLAttributes.src as string, alt: (HTMLAttributes.alt as string) || '' }];
  },

  addNodeView() {
    return ({ node }) => {
      const image = document.createElement('img');
      image.alt = String(node.attrs.alt ?? '');
      image.style.maxWidth = '100%';
      let url: string | null = null;
      let gone = false;
      this.options
        .load(String(node.attrs.src))
        .then((blob) => {
          if (gone) return;
          url = URL.createObjectURL(blob);
          image.src = url;
        })
        .catch(() => {
          image.alt = 'Image not available';
        });
      return {
        dom: image,
        destroy: () => {
          gone = true;
          if (url) URL.revokeObjectURL(url);
        },
      };
    };
  },

  addProseMirrorPlugins() {
    const options = this.options;
    return [
      new Plugin({
        key: new PluginKey('articleImageUpload'),
        props: {
          handlePaste: (view, event) => {
            const files = imageFiles(event.clipboardData?.files);
            if (files.length === 0) return false;
            void insertArticleImages(view, files, options);
            return true;
          },
          handleDrop: (view, event) => {
            const files = imageFiles(event.dataTransfer?.files);
            if (files.length === 0) return false;
            const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
            void insertArticleImages(view, files, options, pos);
            return true;
          },
        },
      }),
    ];
  },
});
