import {
  gradeCategories,
  gradeLetter,
  gradeScores,
  type Grade,
  type GradeForm,
  type GradeFormInput,
  type GradeInput,
  type GradeListItem,
} from '@switchboard/shared';
import { and, asc, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { sites } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';
import { gradeQuestions, networkGradeAnswers, networkGrades } from './network-grades.table.ts';

// Network grades (spec 2 §2, §3, §7). Scores: decision 0019.

const categoryOrder = (category: string) => gradeCategories.indexOf(category as (typeof gradeCategories)[number]);

/** GET /api/save/networkgrade/form: the current questions, by category in the spec's order. */
export async function getGradeForm(db: DbOrTransaction): Promise<GradeForm> {
  const rows = await db
    .select({ id: gradeQuestions.id, category: gradeQuestions.category, question: gradeQuestions.question })
    .from(gradeQuestions)
    .where(isNull(gradeQuestions.retiredAt))
    .orderBy(asc(gradeQuestions.sortOrder), asc(gradeQuestions.id));
  return gradeCategories.map((category) => ({
    category,
    questions: rows.filter((row) => row.category === category).map(({ id, question }) => ({ id, question })),
  }));
}

/**
 * POST /api/save/networkgrade/form: each section's list becomes its questions, in order. Questions with an id are
 * renamed, new ones added, and missing ones retired (kept for the grades that answered them). One transaction.
 */
export async function saveGradeForm(db: Db, input: GradeFormInput): Promise<void> {
  await db.transaction(async (tx) => {
    for (const section of input.sections) {
      const kept = section.questions.map((question) => question.id).filter((id): id is number => id !== undefined);
      await tx
        .update(gradeQuestions)
        .set({ retiredAt: new Date() })
        .where(
          and(
            eq(gradeQuestions.category, section.category),
            isNull(gradeQuestions.retiredAt),
            kept.length ? notInArray(gradeQuestions.id, kept) : undefined,
          ),
        );
      for (const [index, question] of section.questions.entries()) {
        if (question.id) {
          const [row] = await tx
            .update(gradeQuestions)
            .set({ question: question.question, sortOrder: index + 1 })
            .where(
              and(
                eq(gradeQuestions.id, question.id),
                eq(gradeQuestions.category, section.category),
                isNull(gradeQuestions.retiredAt),
              ),
            )
            .returning({ id: gradeQuestions.id });
          if (!row)
            throw unprocessable({
              [`sections.${input.sections.indexOf(section)}.questions.${index}.id`]: ['The question is invalid.'],
            });
        } else {
          await tx
            .insert(gradeQuestions)
            .values({ category: section.category, question: question.question, sortOrder: index + 1 });
        }
      }
    }
  });
}

/** The site must be the company's, and the answers must cover every current question exactly once. */
async function assertGradeInput(
  db: DbOrTransaction,
  input: GradeInput,
  existingQuestionIds: number[] | null,
): Promise<void> {
  const errors: FieldErrors = {};
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, input.site_id), eq(sites.companyId, input.company_id)))
    .limit(1);
  if (!site) errors.site_id = ['The selected site is invalid.'];
  // A new grade answers the current form; an updated one the questions it already had.
  const expected =
    existingQuestionIds ??
    (await getGradeForm(db)).flatMap((section) => section.questions.map((question) => question.id));
  const given = input.questions.map((question) => question.id);
  if (
    new Set(given).size !== given.length ||
    given.length !== expected.length ||
    !expected.every((id) => given.includes(id))
  ) {
    errors.questions = ['Every question must be answered once.'];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

async function writeAnswers(tx: DbOrTransaction, gradeId: number, input: GradeInput): Promise<void> {
  await tx.delete(networkGradeAnswers).where(eq(networkGradeAnswers.gradeId, gradeId));
  await tx.insert(networkGradeAnswers).values(
    input.questions.map((question) => ({
      gradeId,
      questionId: question.id,
      answer: question.answer,
      notes: question.notes,
    })),
  );
}

async function averageOf(tx: DbOrTransaction, input: GradeInput): Promise<number | null> {
  const categories = new Map(
    (
      await tx
        .select({ id: gradeQuestions.id, category: gradeQuestions.category })
        .from(gradeQuestions)
        .where(
          inArray(
            gradeQuestions.id,
            input.questions.map((q) => q.id),
          ),
        )
    ).map((row) => [row.id, row.category]),
  );
  return gradeScores(
    input.questions.map((question) => ({ category: categories.get(question.id) ?? '', answer: question.answer })),
  ).average;
}

/** POST /api/companies/netgrade: the grade and its answers in one transaction. */
export async function createGrade(db: Db, input: GradeInput, actorId: number): Promise<number> {
  await assertGradeInput(db, input, null);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(networkGrades)
      .values({
        companyId: input.company_id,
        siteId: input.site_id,
        average: await averageOf(tx, input),
        createdBy: actorId,
      })
      .returning({ id: networkGrades.id });
    await writeAnswers(tx, row!.id, input);
    return row!.id;
  });
}

/** PUT /api/companies/netgrade/update/{gradeId}: new answers (and site) for the same questions. */
export async function updateGrade(db: Db, gradeId: number, input: GradeInput): Promise<void> {
  const [grade] = await db
    .select({ companyId: networkGrades.companyId })
    .from(networkGrades)
    .where(eq(networkGrades.id, gradeId))
    .limit(1);
  if (!grade) throw notFound();
  if (grade.companyId !== input.company_id)
    throw unprocessable({ company_id: ['A grade cannot move to another company.'] });
  const existing = (
    await db
      .select({ id: networkGradeAnswers.questionId })
      .from(networkGradeAnswers)
      .where(eq(networkGradeAnswers.gradeId, gradeId))
  ).map((row) => row.id);
  await assertGradeInput(db, input, existing);
  await db.transaction(async (tx) => {
    await tx
      .update(networkGrades)
      .set({ siteId: input.site_id, average: await averageOf(tx, input), updatedAt: new Date() })
      .where(eq(networkGrades.id, gradeId));
    await writeAnswers(tx, gradeId, input);
  });
}

export async function deleteGrade(db: DbOrTransaction, gradeId: number): Promise<void> {
  const [row] = await db.delete(networkGrades).where(eq(networkGrades.id, gradeId)).returning({ id: networkGrades.id });
  if (!row) throw notFound();
}

/** GET /api/companies/netgrade/{gradeId}: the grade with its answers by category, and the scores. */
export async function getGrade(db: DbOrTransaction, gradeId: number): Promise<Grade> {
  const [grade] = await db
    .select({ grade: networkGrades, site: sites.name, createdBy: users.name })
    .from(networkGrades)
    .innerJoin(sites, eq(sites.id, networkGrades.siteId))
    .leftJoin(users, eq(users.id, networkGrades.createdBy))
    .where(eq(networkGrades.id, gradeId))
    .limit(1);
  if (!grade) throw notFound();
  const answers = await db
    .select({
      id: gradeQuestions.id,
      category: gradeQuestions.category,
      question: gradeQuestions.question,
      answer: networkGradeAnswers.answer,
      notes: networkGradeAnswers.notes,
    })
    .from(networkGradeAnswers)
    .innerJoin(gradeQuestions, eq(gradeQuestions.id, networkGradeAnswers.questionId))
    .where(eq(networkGradeAnswers.gradeId, gradeId))
    .orderBy(asc(gradeQuestions.sortOrder), asc(gradeQuestions.id));
  const scores = gradeScores(answers);
  const categories = [...scores.categories].sort((a, b) => categoryOrder(a.category) - categoryOrder(b.category));
  return {
    grade_id: grade.grade.id,
    company_id: grade.grade.companyId,
    site: grade.site,
    site_id: grade.grade.siteId,
    created_at: grade.grade.createdAt.toISOString(),
    created_by: grade.createdBy,
    scores: categories.map((category) => ({
      ...category,
      answers: answers
        .filter((answer) => answer.category === category.category)
        .map(({ id, question, answer, notes }) => ({ id, question, answer, notes })),
    })),
    average: scores.average,
    letter: scores.letter,
  };
}

/** The company's grades, newest first, with site and letter. */
export async function listGrades(db: DbOrTransaction, companyId: number): Promise<GradeListItem[]> {
  const rows = await db
    .select({
      id: networkGrades.id,
      site: sites.name,
      siteId: networkGrades.siteId,
      createdAt: networkGrades.createdAt,
      average: networkGrades.average,
    })
    .from(networkGrades)
    .innerJoin(sites, eq(sites.id, networkGrades.siteId))
    .where(eq(networkGrades.companyId, companyId))
    .orderBy(desc(networkGrades.createdAt), desc(networkGrades.id));
  return rows.map((row) => ({
    grade_id: row.id,
    site: row.site,
    site_id: row.siteId,
    created_at: row.createdAt.toISOString(),
    average: row.average,
    letter: gradeLetter(row.average),
  }));
}
