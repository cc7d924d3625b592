import { ActionIcon, NavLink, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  buildCategoryTree,
  whiteboardMessages,
  type WhiteboardCategory,
  type WhiteboardTreeNode,
} from '@switchboard/shared';
import { IconFileText, IconFolder, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { confirmDelete } from '../../../components/confirm-dialogs.tsx';
import { useDeleteCategory } from '../api/whiteboard.ts';

/** Spec 3 §2: categories with their sub-categories and articles, as a tree of links. */
export function CategoryTree({
  categories,
  activeArticleId,
}: {
  categories: WhiteboardCategory[];
  activeArticleId: number | null;
}) {
  const tree = buildCategoryTree(categories);
  if (tree.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No articles yet.
      </Text>
    );
  return (
    <nav aria-label="Whiteboard categories">
      {tree.map((node) => (
        <CategoryNode key={node.category.id} node={node} activeArticleId={activeArticleId} />
      ))}
    </nav>
  );
}

function holds(node: WhiteboardTreeNode<WhiteboardCategory>, articleId: number | null): boolean {
  if (articleId === null) return false;
  return (
    node.category.articles.some((article) => article.id === articleId) ||
    node.children.some((child) => holds(child, articleId))
  );
}

function CategoryNode({
  node,
  activeArticleId,
}: {
  node: WhiteboardTreeNode<WhiteboardCategory>;
  activeArticleId: number | null;
}) {
  const remove = useDeleteCategory();
  const empty = node.children.length === 0 && node.category.articles.length === 0;
  const askDelete = () =>
    confirmDelete({
      title: 'Delete category?',
      text: `The empty category '${node.category.category_name}' will be deleted.`,
      confirm: 'Yes, delete it!',
      onConfirm: () =>
        remove.mutate(node.category.id, {
          onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
          onError: () => notifications.show({ color: 'red', message: whiteboardMessages.saveFailed }),
        }),
    });
  return (
    <NavLink
      label={node.category.category_name}
      leftSection={<IconFolder size={16} aria-hidden />}
      rightSection={
        empty ? (
          <ActionIcon
            component="span"
            role="button"
            variant="subtle"
            color="red"
            size="sm"
            aria-label={`Delete category ${node.category.category_name}`}
            onClick={(event) => {
              event.stopPropagation();
              askDelete();
            }}
          >
            <IconTrash size={14} aria-hidden />
          </ActionIcon>
        ) : undefined
      }
      defaultOpened={holds(node, activeArticleId) || node.category.parent_id === null}
      childrenOffset={14}
    >
      {node.children.map((child) => (
        <CategoryNode key={child.category.id} node={child} activeArticleId={activeArticleId} />
      ))}
      {node.category.articles.map((article) => (
        <NavLink
          key={article.id}
          component={Link}
          to={`/whiteboard/${article.id}`}
          label={article.title}
          leftSection={<IconFileText size={16} aria-hidden />}
          active={article.id === activeArticleId}
        />
      ))}
    </NavLink>
  );
}
