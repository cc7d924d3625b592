import { Anchor, Button, Card, Grid, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { WHITEBOARD_SEARCH_MAX } from '@switchboard/shared';
import { IconHome, IconPlus, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useWhiteboardArticle, useWhiteboardCategories, useWhiteboardSearch } from './api/whiteboard.ts';
import { ArticleView } from './components/article-view.tsx';
import { CategoryTree } from './components/category-tree.tsx';
import { WhiteboardSearchResults } from './components/search-results.tsx';

// The editor (Tiptap) loads only when someone writes: reading an article does not need it.
const ArticleForm = lazy(() => import('./components/article-form.tsx').then((m) => ({ default: m.ArticleForm })));

/**
 * Spec 3 §2 Whiteboard (/whiteboard/{articleId?}): the sidebar (home link, search box, categories with sub-categories
 * and their articles) and the article, or its form (?edit=1 on an article, ?new=1 on the home page).
 */
export function WhiteboardPage() {
  const params = useParams();
  const articleId = params.articleId ? Number(params.articleId) : null;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const categories = useWhiteboardCategories();
  const found = useWhiteboardSearch(debounced);
  const article = useWhiteboardArticle(articleId);
  const editing = articleId !== null && searchParams.get('edit') === '1';
  const creating = articleId === null && searchParams.get('new') === '1';
  const allCategories = categories.data?.data ?? [];

  const content = () => {
    if (creating || editing) {
      if (editing && !article.data) return <Loader />;
      return (
        <Suspense fallback={<Loader />}>
          <ArticleForm
            key={editing ? `edit-${articleId}` : 'new'}
            article={editing ? article.data! : null}
            categories={allCategories}
            onSaved={(saved) => void navigate(`/whiteboard/${saved.id}`)}
            onCancel={() => void navigate(articleId === null ? '/whiteboard/' : `/whiteboard/${articleId}`)}
          />
        </Suspense>
      );
    }
    if (articleId !== null) {
      if (article.isPending) return <Loader />;
      if (!article.data)
        return (
          <Text c="dimmed" role="alert">
            This article does not exist.
          </Text>
        );
      return (
        <ArticleView
          article={article.data}
          onEdit={() => void navigate(`/whiteboard/${articleId}?edit=1`)}
          onDeleted={() => void navigate('/whiteboard/')}
        />
      );
    }
    return (
      <Stack>
        <Title order={2}>Whiteboard</Title>
        <Text c="dimmed">The team's knowledge base: pick an article on the left, search, or write a new one.</Text>
      </Stack>
    );
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3">
          Whiteboard
        </Title>
        <Button component={Link} to="/whiteboard/?new=1" leftSection={<IconPlus size={16} aria-hidden />}>
          New Article
        </Button>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Card withBorder component="aside" aria-label="Whiteboard sidebar">
            <Stack gap="sm">
              <Anchor component={Link} to="/whiteboard/" size="sm">
                <Group gap={6}>
                  <IconHome size={16} aria-hidden />
                  Home
                </Group>
              </Anchor>
              <TextInput
                aria-label="Search articles"
                placeholder="Search articles"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                maxLength={WHITEBOARD_SEARCH_MAX}
                onChange={(event) => setSearch(event.currentTarget.value)}
              />
              {debounced !== '' ? (
                found.isPending ? (
                  <Loader size="sm" />
                ) : (
                  <WhiteboardSearchResults categories={found.data?.data ?? []} />
                )
              ) : categories.isPending ? (
                <Loader size="sm" />
              ) : (
                <CategoryTree categories={allCategories} activeArticleId={articleId} />
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Card withBorder>{content()}</Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
