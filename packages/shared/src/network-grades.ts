import { z } from 'zod';

/**
 * Network grades (spec 2 §2 Network grades, §3, §4, §5, §7, §9). Answers are 1 Yes, 2 No, 3 N/A. A Yes scores 1 and
 * a No 0; N/A is left out of the mean, so an average is the share of Yes among the answered questions (decision 0019).
 */

export const gradeCategories = [
  'Network Security',
  'Security & File Security',
  'Server Room Environment / Network Closet Environment',
  'Equipment Age & Replacement Strategy',
  'User Environment',
  'Core Application Environment & Security',
] as const;
export type GradeCategory = (typeof gradeCategories)[number];

export const GRADE_ANSWER_YES = 1;
export const GRADE_ANSWER_NO = 2;
export const GRADE_ANSWER_NA = 3;
export const gradeAnswerLabels: Record<number, string> = { 1: 'Yes', 2: 'No', 3: 'N/A' };
/** Choosing N/A fills the notes with 'N/A' (spec 2 §4). */
export const NA_NOTES = 'N/A';

export const gradeSavedMessage = 'Network grade saved.';
export const gradeUpdatedMessage = 'Network grade updated.';
export const gradeDeletedMessage = 'Network grade deleted.';
export const gradeFormSavedMessage = 'Grading form saved.';
export const gradeNotesRequiredMessage = 'The notes field is required.';

/** Spec 2 §9: 1 is A+; >=0.875 A; >=0.75 B+; >=0.625 B; >=0.5 C+; >=0.375 C; >=0.25 D; else F. */
export function gradeLetter(average: number | null): string {
  if (average === null) return 'N/A';
  if (average >= 1) return 'A+';
  if (average >= 0.875) return 'A';
  if (average >= 0.75) return 'B+';
  if (average >= 0.625) return 'B';
  if (average >= 0.5) return 'C+';
  if (average >= 0.375) return 'C';
  if (average >= 0.25) return 'D';
  return 'F';
}

/** The mean of Yes (1) and No (0) answers, N/A left out; null when nothing was answered Yes or No. */
export function gradeAverage(answers: readonly number[]): number | null {
  const scored = answers.filter((answer) => answer === GRADE_ANSWER_YES || answer === GRADE_ANSWER_NO);
  if (scored.length === 0) return null;
  return scored.filter((answer) => answer === GRADE_ANSWER_YES).length / scored.length;
}

export interface GradeScores {
  categories: { category: string; average: number | null; letter: string }[];
  average: number | null;
  letter: string;
}

/** Per-category and overall averages; the overall one weighs every answered question the same. */
export function gradeScores(answers: readonly { category: string; answer: number }[]): GradeScores {
  const categories = [...new Set(answers.map((answer) => answer.category))].map((category) => {
    const average = gradeAverage(
      answers.filter((answer) => answer.category === category).map((answer) => answer.answer),
    );
    return { category, average, letter: gradeLetter(average) };
  });
  const average = gradeAverage(answers.map((answer) => answer.answer));
  return { categories, average, letter: gradeLetter(average) };
}

const questionText = z
  .string({ error: 'The question field is required.' })
  .trim()
  .min(1, 'The question field is required.')
  .max(500, 'The question may not be greater than 500 characters.');

/** POST /api/save/networkgrade/form: the questions by section; questions without an id are added, missing ones retired. */
export const gradeFormInputSchema = z.object({
  sections: z
    .array(
      z.object({
        category: z.enum(gradeCategories, { error: 'The category is invalid.' }),
        questions: z
          .array(z.object({ id: z.coerce.number().int().positive().optional(), question: questionText }))
          .max(50),
      }),
    )
    .max(gradeCategories.length),
});
export type GradeFormInput = z.infer<typeof gradeFormInputSchema>;

export const gradeFormSchema = z.array(
  z.object({ category: z.string(), questions: z.array(z.object({ id: z.number().int(), question: z.string() })) }),
);
export type GradeForm = z.infer<typeof gradeFormSchema>;

/** One answered question of POST /api/companies/netgrade and its PUT: every note is required. */
export const gradeAnswerInputSchema = z.object({
  id: z.coerce.number({ error: 'The question is invalid.' }).int().positive('The question is invalid.'),
  answer: z.coerce
    .number({ error: 'The answer field is required.' })
    .int()
    .min(1, 'The answer field is required.')
    .max(3, 'The answer field is required.'),
  notes: z.string({ error: gradeNotesRequiredMessage }).trim().min(1, gradeNotesRequiredMessage).max(5000),
});

export const gradeInputSchema = z.object({
  company_id: z.coerce
    .number({ error: 'The company id field is required.' })
    .int()
    .positive('The company id field is required.'),
  site_id: z.coerce.number({ error: 'The site field is required.' }).int().positive('The site field is required.'),
  questions: z.array(gradeAnswerInputSchema).min(1, 'Every question must be answered.').max(500),
});
export type GradeInput = z.infer<typeof gradeInputSchema>;

export const gradeSchema = z.object({
  grade_id: z.number().int(),
  company_id: z.number().int(),
  site: z.string(),
  site_id: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  scores: z.array(
    z.object({
      category: z.string(),
      average: z.number().nullable(),
      letter: z.string(),
      answers: z.array(
        z.object({ id: z.number().int(), question: z.string(), answer: z.number().int(), notes: z.string() }),
      ),
    }),
  ),
  average: z.number().nullable(),
  letter: z.string(),
});
export type Grade = z.infer<typeof gradeSchema>;

export const gradeListItemSchema = gradeSchema.pick({
  grade_id: true,
  site: true,
  site_id: true,
  created_at: true,
  average: true,
  letter: true,
});
export type GradeListItem = z.infer<typeof gradeListItemSchema>;
