import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { whiteboardMessages, type WhiteboardArticle } from '@switchboard/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { confirmDelete } from '../../../components/confirm-dialogs.tsx';
import { useDeleteArticle } from '../api/whiteboard.ts';
import { ArticleHtml } from './article-html.tsx';

const when = (iso: string) => new Date(iso).toLocaleString();

/** One article: its title, category, who last changed it, the sanitised text; Edit and Delete (confirmed). */
export function ArticleView({
  article,
  onEdit,
  onDeleted,
}: {
  article: WhiteboardArticle;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteArticle();
  const askDelete = () =>
    confirmDelete({
      title: 'Delete article?',
      text: `'${article.title}' will be deleted for everyone.`,
      confirm: 'Yes, delete it!',
      onConfirm: () =>
        remove.mutate(article.id, {
          onSuccess: (answer) => {
            notifications.show({ color: 'green', message: answer.message });
            onDeleted();
          },
          onError: () => notifications.show({ color: 'red', message: whiteboardMessages.saveFailed }),
        }),
    });
  const author = article.updated_by ?? article.created_by;
  return (
    <Stack component="article" gap="sm">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>{article.title}</Title>
          <Text size="sm" c="dimmed">
            {article.category_name} · updated {when(article.updated_at)}
            {author ? ` by ${author.name}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
            Edit
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={askDelete}
            loading={remove.isPending}
          >
            Delete
          </Button>
        </Group>
      </Group>
      <ArticleHtml html={article.article_text} />
    </Stack>
  );
}
