import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  articleInputSchema,
  whiteboardMessages,
  type ArticleInput,
  type WhiteboardArticle,
  type WhiteboardCategory,
} from '@switchboard/shared';
import { IconPhoto } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { useMemo, useRef, useState } from 'react';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { fetchArticleImage, uploadArticleImage, useSaveArticle } from '../api/whiteboard.ts';
import { categoryOptions, newCategoryValue } from '../category-options.ts';
import { ArticleImage, insertArticleImages, type ArticleImageOptions } from './article-image-extension.ts';

const imageOptions: ArticleImageOptions = {
  upload: uploadArticleImage,
  load: (path) => fetchArticleImage(path),
  onError: () => notifications.show({ color: 'red', message: whiteboardMessages.saveFailed }),
};

interface Props {
  /** The article edited, or null for a new one. */
  article: WhiteboardArticle | null;
  categories: WhiteboardCategory[];
  onSaved: (article: WhiteboardArticle) => void;
  onCancel: () => void;
}

/**
 * Spec 3 §2: an article's title, rich text and category; a category can be created on the fly (the select's
 * 'Create new category' shows its name and where it goes). A failed save shows the error toast 'An error occured.'
 * (spec 3 §8) and the server's messages under the fields.
 */
export function ArticleForm({ article, categories, onSaved, onCancel }: Props) {
  const [title, setTitle] = useState(article?.title ?? '');
  const [text, setText] = useState(article?.article_text ?? '');
  const [category, setCategory] = useState<string | null>(article ? String(article.category_id) : null);
  const [newName, setNewName] = useState('');
  const [parent, setParent] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveArticle();
  const options = useMemo(() => categoryOptions(categories), [categories]);
  const creating = category === newCategoryValue;
  // Pasted, dropped or picked images are uploaded and kept as the article's (decision 0053).
  const extensions = useMemo(() => [ArticleImage.configure(imageOptions)], []);
  const picker = useRef<HTMLInputElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const controls = useMemo(
    () => [
      {
        label: 'Insert image',
        icon: <IconPhoto size={16} aria-hidden />,
        onClick: (editor: Editor) => {
          editorRef.current = editor;
          picker.current?.click();
        },
      },
    ],
    [],
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input: ArticleInput = {
      title,
      article_text: text,
      ...(creating
        ? { category_name: newName, category_parent_id: parent ?? undefined }
        : { category_id: category ?? undefined }),
    };
    const checked = articleInputSchema.safeParse(input);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '_');
        fields[field] ??= issue.message;
      }
      if (creating && !newName.trim()) fields.category_name = 'The category name field is required.';
      setErrors(fields);
      return;
    }
    if (creating && !newName.trim()) {
      setErrors({ category_name: 'The category name field is required.' });
      return;
    }
    setErrors({});
    save.mutate(
      { id: article?.id ?? null, input },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onSaved(answer.data);
        },
        onError: (error) => {
          setErrors(getFormErrors(error).fields);
          notifications.show({ color: 'red', message: whiteboardMessages.saveFailed });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={article ? 'Edit article' : 'New article'}>
      <Stack>
        <TextInput
          label="Title"
          required
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={errors.title}
          maxLength={255}
        />
        <Select
          label="Category"
          required
          placeholder="Choose a category"
          data={[{ value: newCategoryValue, label: '+ Create new category' }, ...options]}
          value={category}
          onChange={setCategory}
          searchable
          error={creating ? undefined : errors.category_id}
        />
        {creating ? (
          <Group grow align="flex-start">
            <TextInput
              label="New category name"
              required
              value={newName}
              onChange={(event) => setNewName(event.currentTarget.value)}
              error={errors.category_name ?? errors.category_id}
              maxLength={100}
            />
            <Select
              label="Inside category"
              placeholder="Top level"
              data={options}
              value={parent}
              onChange={setParent}
              clearable
              searchable
              error={errors.category_parent_id}
            />
          </Group>
        ) : null}
        <div>
          <Text size="sm" fw={500} mb={4}>
            Article
          </Text>
          <RichTextEditor
            value={text}
            onChange={setText}
            label="Article text"
            extensions={extensions}
            controls={controls}
          />
          <input
            ref={picker}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            multiple
            hidden
            aria-label="Image file"
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = '';
              const editor = editorRef.current;
              if (editor && files.length > 0) void insertArticleImages(editor.view, files, imageOptions);
            }}
          />
          {errors.article_text ? (
            <Text size="xs" c="red" mt={4}>
              {errors.article_text}
            </Text>
          ) : null}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
