import { describe, expect, it } from 'vitest';
import { gradeAnswerInputSchema, gradeAverage, gradeLetter, gradeScores } from './network-grades.ts';

describe('gradeLetter (spec 2 §9)', () => {
  it.each([
    [1, 'A+'],
    [0.9999, 'A'],
    [0.875, 'A'],
    [0.8749, 'B+'],
    [0.75, 'B+'],
    [0.7499, 'B'],
    [0.625, 'B'],
    [0.6249, 'C+'],
    [0.5, 'C+'],
    [0.4999, 'C'],
    [0.375, 'C'],
    [0.3749, 'D'],
    [0.25, 'D'],
    [0.2499, 'F'],
    [0, 'F'],
  ])('gives %s the letter %s', (average, letter) => {
    expect(gradeLetter(average)).toBe(letter);
  });
  it('says N/A without a scored answer', () => {
    expect(gradeLetter(null)).toBe('N/A');
  });
});

describe('gradeAverage', () => {
  it('scores Yes 1 and No 0 and leaves N/A out of the mean', () => {
    expect(gradeAverage([1, 1, 2, 3, 3])).toBe(2 / 3);
    expect(gradeAverage([3, 3])).toBeNull();
    expect(gradeAverage([1, 1, 1, 1, 1, 1, 1, 2])).toBe(0.875);
  });
});

describe('gradeScores', () => {
  it('averages per category and overall by question', () => {
    const scores = gradeScores([
      { category: 'Network Security', answer: 1 },
      { category: 'Network Security', answer: 1 },
      { category: 'User Environment', answer: 2 },
      { category: 'User Environment', answer: 1 },
      { category: 'User Environment', answer: 3 },
    ]);
    expect(scores.categories).toEqual([
      { category: 'Network Security', average: 1, letter: 'A+' },
      { category: 'User Environment', average: 0.5, letter: 'C+' },
    ]);
    expect(scores.average).toBe(0.75);
    expect(scores.letter).toBe('B+');
  });
});

describe('grade answers (spec 2 §5)', () => {
  it('requires every note', () => {
    const result = gradeAnswerInputSchema.safeParse({ id: 1, answer: 1, notes: '  ' });
    expect(result.error?.issues[0]?.message).toBe('The notes field is required.');
  });
});
