import type { ArticleInput, WhiteboardArticle, WhiteboardCategoryListResponse } from '@switchboard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The whiteboard calls of spec 3 §7 (decision 0053): categories with their articles (data.data), the search through
// the same call, one article, and the multipart save (POST, or POST with _method=PUT for an edit).

export const whiteboardKey = ['whiteboard'] as const;

type CategoryPage = WhiteboardCategoryListResponse;

/** Every category with its articles (the tree): one page of up to 500 categories. */
export const whiteboardCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...whiteboardKey, 'categories'] as const,
    queryFn: ({ signal }) => api.get<CategoryPage>('/api/whiteboard/category', { query: { per_page: 500 }, signal }),
  });

export function useWhiteboardCategories() {
  return useQuery(whiteboardCategoriesQueryOptions());
}

/** The search: categories holding the matching articles, each hit with its rank and highlighted headline. */
export const whiteboardSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...whiteboardKey, 'search', search] as const,
    queryFn: ({ signal }) => api.get<CategoryPage>('/api/whiteboard/category', { query: { search }, signal }),
    enabled: search.trim() !== '',
  });

export function useWhiteboardSearch(search: string) {
  return useQuery(whiteboardSearchQueryOptions(search));
}

export const whiteboardArticleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...whiteboardKey, 'article', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: WhiteboardArticle }>(`/api/whiteboard/article/${id}`, { signal })).data,
  });

export function useWhiteboardArticle(id: number | null) {
  return useQuery({ ...whiteboardArticleQueryOptions(id ?? 0), enabled: id !== null });
}

/** The article form as the spec sends it: multipart title, article_text and category (id, or a new name). */
export function articleFormData(input: ArticleInput, update: boolean): FormData {
  const form = new FormData();
  if (update) form.append('_method', 'PUT');
  form.append('title', input.title);
  form.append('article_text', input.article_text);
  if (input.category_id !== undefined && input.category_id !== null && input.category_id !== '')
    form.append('category_id', String(input.category_id));
  if (input.category_name) form.append('category_name', input.category_name);
  if (input.category_parent_id !== undefined && input.category_parent_id !== null && input.category_parent_id !== '')
    form.append('category_parent_id', String(input.category_parent_id));
  return form;
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ArticleInput }) =>
      api.post<{ message: string; data: WhiteboardArticle }>(
        id === null ? '/api/whiteboard/article' : `/api/whiteboard/article/${id}`,
        articleFormData(input, id !== null),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(whiteboardArticleQueryOptions(answer.data.id).queryKey, answer.data);
      void queryClient.invalidateQueries({ queryKey: [...whiteboardKey, 'categories'] });
      void queryClient.invalidateQueries({ queryKey: [...whiteboardKey, 'search'] });
    },
  });
}

export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/whiteboard/article/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: whiteboardArticleQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: whiteboardKey });
    },
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/whiteboard/category/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: whiteboardKey }),
  });
}

/** POST /api/whiteboard/image: an image pasted into the editor; answers its stored path. */
export async function uploadArticleImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  return (await api.post<{ data: { file: string; name: string } }>('/api/whiteboard/image', form)).data.file;
}

/** A stored article image as a blob (POST /api/download serves only images an article holds). */
export async function fetchArticleImage(file: string, signal?: AbortSignal): Promise<Blob> {
  return api.post<Blob>('/api/download', { file }, { responseType: 'blob', signal });
}
