import type { WhiteboardCategory } from '@switchboard/shared';

/** The select's value that opens the inline 'create new' fields. */
export const newCategoryValue = 'new';

/** Each category as a select option labelled with its path ('Networking / Wireless'), by path. */
export function categoryOptions(categories: Pick<WhiteboardCategory, 'id' | 'parent_id' | 'category_name'>[]) {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const pathOf = (id: number): string => {
    const names: string[] = [];
    const seen = new Set<number>();
    let current = byId.get(id);
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      names.unshift(current.category_name);
      current = current.parent_id === null ? undefined : byId.get(current.parent_id);
    }
    return names.join(' / ');
  };
  return categories
    .map((category) => ({ value: String(category.id), label: pathOf(category.id) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
