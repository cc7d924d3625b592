import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeInput, emptyCode, fillFromText, joinCode, nextBoxValue } from './code-input.tsx';

function Harness({ onComplete, initial = emptyCode() }: { onComplete?: (code: string) => void; initial?: string[] }) {
  const [digits, setDigits] = useState<string[]>(initial);
  return (
    <MantineProvider env="test">
      <CodeInput label="Two-factor code" value={digits} onChange={setDigits} onComplete={onComplete} />
      <output data-testid="value">{digits.map((digit) => digit || '_').join('')}</output>
    </MantineProvider>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('six-box code input (spec 1 §2.3, §5)', () => {
  it('renders six single-digit boxes named code1 to code6 in one labelled group', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Two-factor code' })).toBeTruthy();
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).name)).toEqual(['code1', 'code2', 'code3', 'code4', 'code5', 'code6']);
    expect(box(1).inputMode).toBe('numeric');
  });

  it('keeps one digit per box and moves focus to the next box as digits are typed', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await userEvent.click(box(1));
    await userEvent.keyboard('4');
    expect(document.activeElement).toBe(box(2));
    await userEvent.keyboard('20');
    expect(document.activeElement).toBe(box(4));
    expect(value()).toBe('420___');
    await userEvent.keyboard('917');
    expect(value()).toBe('420917');
    expect(onComplete).toHaveBeenCalledWith('420917');
  });

  it('cuts a typed value to one character (typing into a full box keeps the new digit)', () => {
    render(<Harness initial={['3', '', '', '', '', '']} />);
    fireEvent.change(box(1), { target: { value: '35' } });
    expect(box(1).value).toBe('5');
    expect(value()).toBe('5_____');
    expect(document.activeElement).toBe(box(2));
  });

  it('ignores anything that is not a digit', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('a-');
    expect(value()).toBe('______');
    expect(document.activeElement).toBe(box(1));
  });

  it('Backspace clears the box, and on an empty box moves back and clears the previous one', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('123');
    expect(document.activeElement).toBe(box(4));
    await userEvent.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(3));
    expect(value()).toBe('12____');
    await userEvent.keyboard('{Backspace}');
    expect(document.activeElement).toBe(box(2));
    expect(value()).toBe('1_____');
  });

  it('fills all six boxes from a pasted code, wherever it is pasted', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    await userEvent.click(box(3));
    await userEvent.paste('654 321');
    expect(value()).toBe('654321');
    expect(onComplete).toHaveBeenCalledWith('654321');
    expect(document.activeElement).toBe(box(6));
  });

  it('fills a whole code that arrives in one box (one-time-code autofill)', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '112233' } });
    expect(value()).toBe('112233');
  });
});

describe('code input helpers', () => {
  it('nextBoxValue keeps one digit', () => {
    expect(nextBoxValue('', '7')).toBe('7');
    expect(nextBoxValue('3', '35')).toBe('5');
    expect(nextBoxValue('3', '53')).toBe('5');
    expect(nextBoxValue('', 'x')).toBe('');
    expect(nextBoxValue('', '89')).toBe('8');
  });

  it('fillFromText fills from the box pasted into, or from the first for six digits', () => {
    expect(fillFromText(emptyCode(), 2, '98')).toEqual({ digits: ['', '', '9', '8', '', ''], focus: 4 });
    expect(fillFromText(emptyCode(), 4, '123456')?.digits).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(fillFromText(emptyCode(), 0, 'abc')).toBeNull();
  });

  it('joinCode answers the code only when all six boxes hold digits', () => {
    expect(joinCode(['1', '2', '3', '4', '5', '6'])).toBe('123456');
    expect(joinCode(['1', '2', '', '4', '5', '6'])).toBeNull();
  });
});
