import { describe, expect, it } from 'vitest';
import { articleImagePaths, articleInputSchema, buildCategoryTree, whiteboardMessages } from './whiteboard.ts';

describe('buildCategoryTree', () => {
  it('nests sub-categories under their parents, by name, and keeps orphans and self-parents as roots', () => {
    const tree = buildCategoryTree([
      { id: 1, parent_id: null, category_name: 'Networking' },
      { id: 2, parent_id: 1, category_name: 'Wireless' },
      { id: 3, parent_id: 1, category_name: 'VPN' },
      { id: 4, parent_id: null, category_name: 'Backups' },
      { id: 5, parent_id: 99, category_name: 'Orphan' },
      { id: 6, parent_id: 6, category_name: 'Loop' },
    ]);
    expect(tree.map((node) => node.category.category_name)).toEqual(['Backups', 'Loop', 'Networking', 'Orphan']);
    expect(tree[2]!.children.map((node) => node.category.category_name)).toEqual(['VPN', 'Wireless']);
  });
});

describe('articleImagePaths', () => {
  it('finds only stored whiteboard image paths, once each', () => {
    const path = 'uploads/whiteboard/0123456789abcdef0123456789abcdef.png';
    expect(
      articleImagePaths(
        `<p><img src="${path}" alt=""><img alt="x" src='${path}'><img src="https://x.example/a.png"><img src="uploads/documents/0123456789abcdef0123456789abcdef.png"></p>`,
      ),
    ).toEqual([path]);
  });
});

describe('articleInputSchema', () => {
  it('takes a category id from a form field, or a new category name instead', () => {
    expect(articleInputSchema.parse({ title: ' T ', article_text: '<p>x</p>', category_id: '4' })).toMatchObject({
      title: 'T',
      category_id: 4,
    });
    const created = articleInputSchema.parse({
      title: 'T',
      article_text: '<p>x</p>',
      category_name: 'New',
      category_parent_id: '',
    });
    expect([created.category_name, created.category_parent_id, created.category_id]).toEqual([
      'New',
      undefined,
      undefined,
    ]);
  });

  it('counts HTML without text or image as empty, and asks for a category', () => {
    const result = articleInputSchema.safeParse({ title: 'T', article_text: '<p> </p>', category_name: ' ' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['article_text', whiteboardMessages.textRequired],
      ['category_id', whiteboardMessages.categoryRequired],
    ]);
    expect(
      articleInputSchema.safeParse({
        title: 'T',
        article_text: '<p><img src="uploads/whiteboard/0123456789abcdef0123456789abcdef.png"></p>',
        category_id: 1,
      }).success,
    ).toBe(true);
  });
});
