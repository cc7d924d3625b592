import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from '../../lib/safe-html.ts';
import { sameNoteText } from './collaborative-notes-editor.tsx';
import { RevisionDiff } from './note-revisions.tsx';

describe('notes text comparison (the mismatch message) and revision diffs', () => {
  it('treats the same content as the same text whatever the empty paragraphs and spacing', () => {
    expect(sameNoteText('<p>Checked  the UPS.</p><p></p>', '<p>Checked the UPS.</p>')).toBe(true);
    expect(sameNoteText('', '<p></p>')).toBe(true);
    expect(sameNoteText('<p>Checked the UPS.</p>', '<p>Checked the fan.</p>')).toBe(false);
  });

  it('reads stored HTML as lines of text, without markup', () => {
    expect(htmlToPlainText('<p>One <strong>bold</strong></p><p>Two<br>Three</p><script>x</script>')).toBe(
      'One bold\nTwo\nThree',
    );
  });

  it('marks the words added since a revision and the words removed from it', () => {
    render(
      <MantineProvider>
        <RevisionDiff revision="<p>Replaced fan 2</p>" current="<p>Replaced fan 3 and the UPS</p>" />
      </MantineProvider>,
    );
    const diff = screen.getByLabelText('Changes since this revision');
    expect([...diff.querySelectorAll('del')].map((node) => node.textContent)).toEqual(['2']);
    expect([...diff.querySelectorAll('ins')].map((node) => node.textContent?.trim())).toEqual(['3 and the UPS']);
  });

  it('says so when nothing changed', () => {
    render(
      <MantineProvider>
        <RevisionDiff revision="<p>Same</p>" current="<p>Same</p>" />
      </MantineProvider>,
    );
    expect(screen.getByText('Same as the text in the editor.')).toBeTruthy();
  });
});
