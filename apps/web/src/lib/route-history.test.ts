import { describe, expect, it } from 'vitest';
import { pdfViewerCloseTarget } from './route-history.ts';

describe('pdfViewerCloseTarget (spec 3 §1)', () => {
  it('goes back to the previous route, or to /dashboard when there was none or it was the root', () => {
    expect(pdfViewerCloseTarget('/tickets?status=2')).toBe('back');
    expect(pdfViewerCloseTarget('/projects/4')).toBe('back');
    expect(pdfViewerCloseTarget(null)).toBe('/dashboard');
    expect(pdfViewerCloseTarget('/')).toBe('/dashboard');
    expect(pdfViewerCloseTarget('/?redirect=x')).toBe('/dashboard');
  });
});
