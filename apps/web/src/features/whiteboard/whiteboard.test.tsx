import type { WhiteboardArticle, WhiteboardCategory } from '@switchboard/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { authStore } from '../../lib/auth-store.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { fakeSocketModule } from '../../test/fake-socket.ts';
import { signedInResponse } from '../../test/signed-in.ts';
import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { categoryOptions } from './category-options.ts';
import { ArticleImage, insertArticleImages } from './components/article-image-extension.ts';
import { sanitizeArticleHtml } from './components/article-html.tsx';
import { WhiteboardPage } from './whiteboard-page.tsx';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 20 part 1 (spec 3 §2 Whiteboard, §8): the sidebar's tree and search, the article, the form's messages and
// the error toast 'An error occured.' on a failed save.

const categories: WhiteboardCategory[] = [
  { id: 1, parent_id: null, category_name: 'Networking', articles: [{ id: 10, title: 'VLAN basics', category_id: 1 }] },
  { id: 2, parent_id: 1, category_name: 'Wireless', articles: [{ id: 11, title: 'Wi-Fi survey', category_id: 2 }] },
];
const page = (data: WhiteboardCategory[]) => ({
  data,
  total: data.length,
  current_page: 1,
  per_page: 500,
  from: 1,
  to: data.length,
  last_page: 1,
});
const vlan: WhiteboardArticle = {
  id: 10,
  title: 'VLAN basics',
  article_text: '<p>Tag the <strong>uplink</strong>.</p><script>alert(1)</script>',
  category_id: 1,
  category_name: 'Networking',
  created_by: { id: 3, name: 'Wendy Writer' },
  updated_by: { id: 3, name: 'Wendy Writer' },
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
};

function renderPage(path: string) {
  const router = createMemoryRouter([{ path: '/whiteboard/:articleId?', Component: WhiteboardPage }], {
    initialEntries: [path],
  });
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

afterEach(() => {
  authStore.clear();
});

describe('whiteboard page', { timeout: 20_000 }, () => {
  it('shows categories with sub-categories and articles, and opens an article sanitised', async () => {
    authStore.signIn(signedInResponse([]));
    stubApi({
      'GET /api/whiteboard/category': [200, page(categories)],
      'GET /api/whiteboard/article/10': [200, { data: vlan }],
    });
    const router = renderPage('/whiteboard/');
    const tree = await screen.findByRole('navigation', { name: 'Whiteboard categories' });
    expect(within(tree).getByText('Networking')).toBeTruthy();
    expect(within(tree).getByText('Wireless')).toBeTruthy();
    await userEvent.click(within(tree).getByRole('link', { name: 'VLAN basics' }));
    expect(router.state.location.pathname).toBe('/whiteboard/10');
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { name: 'VLAN basics' })).toBeTruthy();
    expect(article.innerHTML).toContain('<strong>uplink</strong>');
    expect(article.innerHTML).not.toContain('script');
  });

  it('deletes an empty category after confirmation; a category with articles has no delete', async () => {
    authStore.signIn(signedInResponse([]));
    const api = stubApi({
      'GET /api/whiteboard/category': [
        200,
        page([...categories, { id: 3, parent_id: null, category_name: 'Scratch', articles: [] }]),
      ],
      'DELETE /api/whiteboard/category/3': [200, { message: 'Category deleted.' }],
    });
    renderPage('/whiteboard/');
    await screen.findByRole('navigation', { name: 'Whiteboard categories' });
    expect(screen.queryByRole('button', { name: 'Delete category Networking' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete category Scratch' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Category deleted.')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/whiteboard/category/3')).toHaveLength(1);
  });

  it('searches after a pause and shows the highlighted words, sanitised', async () => {
    authStore.signIn(signedInResponse([]));
    const api = stubApi({
      'GET /api/whiteboard/category': (call) =>
        call.url.includes('search=')
          ? [
              200,
              page([
                {
                  ...categories[0]!,
                  articles: [
                    {
                      id: 10,
                      title: 'VLAN basics',
                      category_id: 1,
                      rank: 0.6,
                      headline: 'Tag the <mark>uplink</mark><img src=x onerror=alert(1)>',
                    },
                  ],
                },
              ]),
            ]
          : [200, page(categories)],
    });
    renderPage('/whiteboard/');
    await screen.findByRole('navigation', { name: 'Whiteboard categories' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search articles' }), 'uplink');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('link', { name: 'VLAN basics' })).toBeTruthy();
    expect(results.querySelector('mark')?.textContent).toBe('uplink');
    expect(results.innerHTML).not.toContain('onerror');
    // One search call for the whole word, not one per letter.
    expect(api.callsTo('GET', '/api/whiteboard/category').filter((call) => call.url.includes('search='))).toHaveLength(
      1,
    );
  });

  it('checks the form before sending, with the messages under the fields', async () => {
    authStore.signIn(signedInResponse([]));
    const api = stubApi({
      'GET /api/whiteboard/category': [200, page(categories)],
      'GET /api/whiteboard/article/10': [200, { data: vlan }],
      'POST /api/whiteboard/article/10': [500, { message: 'Server Error' }],
    });
    renderPage('/whiteboard/?new=1');
    const form = await screen.findByRole('form', { name: 'New article' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The title field is required.')).toBeTruthy();
    expect(within(form).getByText('The article text field is required.')).toBeTruthy();
    expect(within(form).getByText('The category id field is required.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/whiteboard/article')).toHaveLength(0);
  });

  it("sends the edit as multipart with _method PUT and shows 'An error occured.' on failure", async () => {
    authStore.signIn(signedInResponse([]));
    const api = stubApi({
      'GET /api/whiteboard/category': [200, page(categories)],
      'GET /api/whiteboard/article/10': [200, { data: vlan }],
      'POST /api/whiteboard/article/10': [500, { message: 'Server Error' }],
    });
    renderPage('/whiteboard/10?edit=1');
    const form = await screen.findByRole('form', { name: 'Edit article' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'VLANs');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An error occured.')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST', '/api/whiteboard/article/10')).toHaveLength(1));
    const [, init] = api.fetchMock.mock.calls.find(
      ([url, options]) => String(url).endsWith('/api/whiteboard/article/10') && options?.method === 'POST',
    )!;
    const sent = init!.body as FormData;
    expect(sent.get('_method')).toBe('PUT');
    expect(sent.get('title')).toBe('VLANs');
    expect(sent.get('category_id')).toBe('1');
  });
});

describe('article HTML and category options', () => {
  it('keeps stored article images as markers and drops remote images and scripts', () => {
    const html = sanitizeArticleHtml(
      '<p>a</p><img src="uploads/whiteboard/0123456789abcdef0123456789abcdef.png"><img src="https://tracker.example/x.gif"><script>x()</script>',
    );
    expect(html).toContain('data-article-image="uploads/whiteboard/0123456789abcdef0123456789abcdef.png"');
    expect(html).not.toContain('tracker');
    expect(html).not.toContain('script');
  });

  it('labels each category with its path', () => {
    expect(categoryOptions(categories)).toEqual([
      { value: '1', label: 'Networking' },
      { value: '2', label: 'Networking / Wireless' },
    ]);
  });

  it('keeps stored images in the editor, drops others, and inserts an uploaded one', async () => {
    const stored = 'uploads/whiteboard/0123456789abcdef0123456789abcdef.png';
    const options = {
      upload: vi.fn(async () => 'uploads/whiteboard/fedcba9876543210fedcba9876543210.gif'),
      load: vi.fn(async () => new Blob(['x'], { type: 'image/png' })),
      onError: vi.fn(),
    };
    URL.createObjectURL = vi.fn(() => 'blob:image');
    URL.revokeObjectURL = vi.fn();
    const editor = new Editor({
      extensions: [StarterKit, ArticleImage.configure(options)],
      content: `<p>a<img src="${stored}" alt="shot"><img src="https://tracker.example/x.gif"></p>`,
    });
    expect(editor.getHTML()).toBe(`<p>a<img src="${stored}" alt="shot"></p>`);
    expect(options.load).toHaveBeenCalledWith(stored);
    await insertArticleImages(editor.view, [new File(['g'], 'b.gif', { type: 'image/gif' })], options);
    expect(editor.getHTML()).toContain(
      '<img src="uploads/whiteboard/fedcba9876543210fedcba9876543210.gif" alt="b.gif">',
    );
    editor.destroy();
  });
});
