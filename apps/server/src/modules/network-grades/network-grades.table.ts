import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, sites } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';

/** The grading form's questions by category; retired questions keep their row for the grades that used them. */
export const gradeQuestions = pgTable(
  'grade_questions',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    question: text('question').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grade_questions_category_idx').on(t.category, t.sortOrder)],
);

/** A network grade of one site (spec 2 §3 Network grade); average is the overall score from 0 to 1. */
export const networkGrades = pgTable(
  'network_grades',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    average: doublePrecision('average'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('network_grades_company_idx').on(t.companyId, t.createdAt),
    index('network_grades_site_idx').on(t.siteId),
  ],
);

/** One answered question of a grade: 1 Yes, 2 No, 3 N/A, with its notes. */
export const networkGradeAnswers = pgTable(
  'network_grade_answers',
  {
    id: serial('id').primaryKey(),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => networkGrades.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => gradeQuestions.id),
    answer: integer('answer').notNull(),
    notes: text('notes').notNull(),
  },
  (t) => [
    index('network_grade_answers_grade_idx').on(t.gradeId),
    index('network_grade_answers_question_idx').on(t.questionId),
  ],
);
