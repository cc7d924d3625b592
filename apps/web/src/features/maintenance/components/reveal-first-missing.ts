/**
 * After a refused checklist save (issue 26 §2.9): brings the first highlighted row (`data-missing`) into view and puts
 * the cursor in its notes, so the technician sees what blocked the save even when it is far up or down the page.
 */
export function revealFirstMissing(container: HTMLElement | null): void {
  const row = container?.querySelector<HTMLElement>('[data-missing]');
  if (!row) return;
  // Optional call: jsdom (the component tests) has no layout and no scrollIntoView.
  row.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  const field = row.querySelector<HTMLElement>('textarea') ?? row;
  field.focus({ preventScroll: true });
}
