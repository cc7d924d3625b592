import { act } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts `text` into an empty field as one paste (focus, then a single input event) instead of a key press per character:
 * for tests that need the value, not the typing. Each key re-renders the form, which in jsdom costs far more than here.
 */
export async function enterText(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  act(() => field.focus());
  await user.paste(text);
}
