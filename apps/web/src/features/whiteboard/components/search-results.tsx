import { Anchor, Stack, Text } from '@mantine/core';
import type { WhiteboardArticleHit, WhiteboardCategory } from '@switchboard/shared';
import { Link } from 'react-router';
import { SafeHtml } from '../../../components/safe-html.tsx';

/** The search's hits, best first, each with its category and the matched words highlighted (sanitised HTML). */
export function WhiteboardSearchResults({ categories }: { categories: WhiteboardCategory[] }) {
  const hits = categories
    .flatMap((category) =>
      category.articles.map((article) => ({ ...(article as WhiteboardArticleHit), category: category.category_name })),
    )
    .sort((a, b) => b.rank - a.rank);
  if (hits.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No articles found.
      </Text>
    );
  return (
    <Stack gap="sm" component="ul" aria-label="Search results" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {hits.map((hit) => (
        <li key={hit.id}>
          <Anchor component={Link} to={`/whiteboard/${hit.id}`} fw={600} size="sm">
            {hit.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {hit.category}
          </Text>
          <SafeHtml html={hit.headline} fz="xs" />
        </li>
      ))}
    </Stack>
  );
}
