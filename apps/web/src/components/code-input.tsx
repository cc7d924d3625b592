import { Group, Input, TextInput } from '@mantine/core';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

/** Spec 1 §9: a two-factor code is 6 digits. */
export const CODE_LENGTH = 6;

export const codeNumbersOnlyHint = 'The code is numbers only.';

/** Six empty boxes. */
export function emptyCode(): string[] {
  return Array.from({ length: CODE_LENGTH }, () => '');
}

/** The code the boxes make when every one holds a digit; null otherwise. */
export function joinCode(digits: readonly string[]): string | null {
  const code = digits.join('');
  return code.length === CODE_LENGTH && /^[0-9]+$/.test(code) ? code : null;
}

/**
 * What a box holds after its input changed from `previous` to `raw`: one digit (spec 1 §5: a typed value is cut to one
 * character). Typing into a full box keeps the newly typed digit; anything that is not a digit is ignored.
 */
export function nextBoxValue(previous: string, raw: string): string {
  const digits = raw.replace(/[^0-9]/g, '');
  if (digits.length <= 1) return digits;
  const withoutPrevious = previous && digits.includes(previous) ? digits.replace(previous, '') : digits;
  return withoutPrevious.slice(0, 1) || digits.slice(0, 1);
}

/** Fills the boxes from pasted text from box `start` on; null when the text holds no digit. */
export function fillFromText(
  digits: readonly string[],
  start: number,
  text: string,
): { digits: string[]; focus: number } | null {
  const pasted = text.replace(/[^0-9]/g, '');
  if (!pasted) return null;
  // Six digits are a whole code, wherever they were pasted.
  const from = pasted.length >= CODE_LENGTH ? 0 : start;
  const next = [...digits];
  let index = from;
  for (const digit of pasted.slice(0, CODE_LENGTH - from)) next[index++] = digit;
  return { digits: next, focus: Math.min(index, CODE_LENGTH - 1) };
}

interface CodeInputProps {
  value: readonly string[];
  onChange: (digits: string[]) => void;
  /** Called with the code once the sixth box is filled. */
  onComplete?: (code: string) => void;
  /** Names the group of boxes for assistive technology, e.g. 'Two-factor code'. */
  label: string;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * Six single-digit boxes (spec 1 §2.3, §3.7 code1 to code6, §5): a typed digit moves focus to the next box, Backspace
 * on an empty box goes back and clears it, the arrow keys move, and pasting six digits fills all six.
 */
export function CodeInput({ value, onChange, onComplete, label, error, disabled, autoFocus }: CodeInputProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: CODE_LENGTH }, (_, index) => value[index] ?? '');

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const update = (next: string[]) => {
    onChange(next);
    const code = joinCode(next);
    if (code) onComplete?.(code);
  };

  const handleChange = (index: number, raw: string) => {
    // A whole code arriving in one box (autofill from an authenticator or the OS) fills every box.
    if (raw.replace(/[^0-9]/g, '').length >= CODE_LENGTH) {
      const filled = fillFromText(digits, index, raw);
      if (filled) {
        update(filled.digits);
        focusBox(filled.focus);
      }
      return;
    }
    const digit = nextBoxValue(digits[index], raw);
    const next = [...digits];
    next[index] = digit;
    update(next);
    if (digit && index < CODE_LENGTH - 1) focusBox(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const filled = fillFromText(digits, index, event.clipboardData.getData('text'));
    event.preventDefault();
    if (!filled) return;
    update(filled.digits);
    focusBox(filled.focus);
  };

  return (
    <Input.Wrapper error={error ?? undefined}>
      <Group gap="xs" wrap="nowrap" role="group" aria-label={label} justify="center">
        {digits.map((digit, index) => (
          <TextInput
            // The boxes never reorder: the index is their identity.
            key={index}
            ref={(element) => {
              refs.current[index] = element;
            }}
            value={digit}
            onChange={(event) => handleChange(index, event.currentTarget.value)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => event.currentTarget.select()}
            aria-label={`Digit ${index + 1} of ${CODE_LENGTH}`}
            aria-invalid={error ? true : undefined}
            name={`code${index + 1}`}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            disabled={disabled}
            autoFocus={autoFocus && index === 0}
            w={46}
            size="lg"
            styles={{ input: { textAlign: 'center', fontVariantNumeric: 'tabular-nums', paddingInline: 0 } }}
            error={error ? true : undefined}
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
