import {
  defaultHrSettings,
  hrMessages,
  hrSettingsSchema,
  type HrBase,
  type HrCategory,
  type HrCategoryInput,
  type HrSettings,
  type HrStep,
  type HrStepInput,
} from '@switchboard/shared/hr/base';
import { timeOffReasons } from '@switchboard/shared/pto';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction, Transaction } from '../../db/db-types.ts';
import { foreignKeyViolation, hasPgCode } from '../../db/pg-errors.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { permissions, userPermissions } from '../permissions/permissions.table.ts';
import { users } from '../users/users.table.ts';
import { hrCategories, hrSettings, hrSteps } from './hr.table.ts';

// HR base data and its administration (designs/hr.md §2.1, §8; decisions 0102-0104).

type CategoryRow = typeof hrCategories.$inferSelect;
type StepRow = typeof hrSteps.$inferSelect;

const categoryOf = (row: CategoryRow): HrCategory => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  approval: row.approval,
  color: row.color,
  instructions: row.instructions,
  active: row.active,
  sort_order: row.sortOrder,
});

const stepOf = (row: StepRow): HrStep => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  color: row.color,
  email_subject: row.emailSubject,
  email_body: row.emailBody,
  active: row.active,
  sort_order: row.sortOrder,
});

/** Holders of 'read anonymous email' (implied by nothing, the administrator type included: decision 0105). */
export async function anonReaders(db: DbOrTransaction): Promise<HrBase['anon_readers']> {
  return db
    .select({ id: users.id, name: users.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .innerJoin(users, eq(users.id, userPermissions.userId))
    .where(and(eq(permissions.name, 'read anonymous email'), isNull(users.deletedAt)))
    .orderBy(asc(users.name));
}

/** GET /api/hr/base: everything, inactive entries included (the admin lists them; forms offer the active ones). */
export async function getHrBase(db: Db): Promise<HrBase> {
  const [categories, steps, readers] = await Promise.all([
    db.select().from(hrCategories).orderBy(asc(hrCategories.sortOrder), asc(hrCategories.id)),
    db.select().from(hrSteps).orderBy(asc(hrSteps.sortOrder), asc(hrSteps.id)),
    anonReaders(db),
  ]);
  return {
    categories: categories.map(categoryOf),
    steps: steps.map(stepOf),
    reasons: [...timeOffReasons],
    anon_readers: readers,
  };
}

async function refuseTakenName(
  db: DbOrTransaction,
  table: typeof hrCategories | typeof hrSteps,
  name: string,
  id: number | null,
): Promise<void> {
  const [taken] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(sql`lower(${table.name}) = lower(${name})`, id === null ? undefined : ne(table.id, id)));
  if (taken) throw unprocessable({ name: [hrMessages.nameTaken] });
}

const nextOrder = (table: typeof hrCategories | typeof hrSteps) =>
  sql<number>`(select coalesce(max(${table.sortOrder}), 0) + 1 from ${table})`;

export async function createCategory(db: Db, input: HrCategoryInput): Promise<HrCategory> {
  await refuseTakenName(db, hrCategories, input.name, null);
  const [row] = await db
    .insert(hrCategories)
    .values({ ...input, sortOrder: nextOrder(hrCategories) })
    .returning();
  return categoryOf(row!);
}

export async function updateCategory(db: Db, id: number, input: HrCategoryInput): Promise<HrCategory> {
  await refuseTakenName(db, hrCategories, input.name, id);
  const [row] = await db
    .update(hrCategories)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(hrCategories.id, id))
    .returning();
  if (!row) throw notFound();
  return categoryOf(row);
}

/**
 * Deletes inside a savepoint; true when done, false when a foreign key refused it (the requests and applicants of
 * later parts reference categories and steps with ON DELETE RESTRICT, so "used" is what the database says).
 */
async function deletedUnlessReferenced(
  tx: Transaction,
  remove: (inner: Transaction) => Promise<unknown>,
): Promise<boolean> {
  try {
    await tx.transaction(async (inner) => {
      await remove(inner);
    });
    return true;
  } catch (error) {
    if (hasPgCode(error, foreignKeyViolation)) return false;
    throw error;
  }
}

/** A used category is deactivated, never deleted ('The category has requests.'); an unused one is deleted. */
export async function deleteCategory(
  db: Db,
  id: number,
): Promise<{ message: string; outcome: 'deleted' | 'deactivated' }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: hrCategories.id })
      .from(hrCategories)
      .where(eq(hrCategories.id, id))
      .for('update');
    if (!row) throw notFound();
    if (await deletedUnlessReferenced(tx, (inner) => inner.delete(hrCategories).where(eq(hrCategories.id, id)))) {
      return { message: hrMessages.categoryDeleted, outcome: 'deleted' as const };
    }
    await tx.update(hrCategories).set({ active: false, updatedAt: new Date() }).where(eq(hrCategories.id, id));
    return { message: hrMessages.categoryDeactivated, outcome: 'deactivated' as const };
  });
}

/** One hired and one rejected step always stay active (designs/hr.md §2.1). */
async function refuseLastKind(db: DbOrTransaction, id: number, leaving: StepRow['kind'] | null): Promise<void> {
  if (leaving !== 'hired' && leaving !== 'rejected') return;
  const [other] = await db
    .select({ id: hrSteps.id })
    .from(hrSteps)
    .where(and(eq(hrSteps.kind, leaving), eq(hrSteps.active, true), ne(hrSteps.id, id)))
    .limit(1);
  if (!other) {
    const message = leaving === 'hired' ? hrMessages.lastHiredStep : hrMessages.lastRejectedStep;
    throw unprocessable({ kind: [message] }, message);
  }
}

export async function createStep(db: Db, input: HrStepInput): Promise<HrStep> {
  await refuseTakenName(db, hrSteps, input.name, null);
  const [row] = await db
    .insert(hrSteps)
    .values({ ...stepValues(input), sortOrder: nextOrder(hrSteps) })
    .returning();
  return stepOf(row!);
}

const stepValues = (input: HrStepInput) => ({
  name: input.name,
  kind: input.kind,
  color: input.color,
  emailSubject: input.email_subject,
  emailBody: input.email_body,
  active: input.active,
});

export async function updateStep(db: Db, id: number, input: HrStepInput): Promise<HrStep> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(hrSteps).where(eq(hrSteps.id, id)).for('update');
    if (!current) throw notFound();
    await refuseTakenName(tx, hrSteps, input.name, id);
    // Taking an active hired or rejected step out of its kind, or deactivating it, needs another one left.
    if (current.active && (current.kind !== input.kind || !input.active)) await refuseLastKind(tx, id, current.kind);
    const [row] = await tx
      .update(hrSteps)
      .set({ ...stepValues(input), updatedAt: new Date() })
      .where(eq(hrSteps.id, id))
      .returning();
    return stepOf(row!);
  });
}

export async function deleteStep(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(hrSteps).where(eq(hrSteps.id, id)).for('update');
    if (!current) throw notFound();
    if (current.active) await refuseLastKind(tx, id, current.kind);
    if (!(await deletedUnlessReferenced(tx, (inner) => inner.delete(hrSteps).where(eq(hrSteps.id, id))))) {
      throw unprocessable({ step: [hrMessages.stepHasApplicants] }, hrMessages.stepHasApplicants);
    }
  });
}

/** POST .../order: the ids of every entry once, in their new order (drag to reorder). */
export async function reorder(db: Db, table: typeof hrCategories | typeof hrSteps, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx.select({ id: table.id }).from(table).for('update');
    const known = new Set(existing.map((row) => row.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
      throw unprocessable({ ids: [hrMessages.orderMismatch] }, hrMessages.orderMismatch);
    }
    await tx
      .update(table)
      .set({ sortOrder: sql`array_position(${sql.param(ids)}::int[], ${table.id})`, updatedAt: new Date() })
      .where(inArray(table.id, ids));
  });
}

/** The HR settings: stored keys over the defaults (a key never saved reads as its default). */
export async function getHrSettings(db: DbOrTransaction): Promise<HrSettings> {
  const rows = await db.select({ key: hrSettings.key, value: hrSettings.value }).from(hrSettings);
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const merged = { ...defaultHrSettings, ...stored };
  const parsed = hrSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : defaultHrSettings;
}

export async function updateHrSettings(db: Db, input: HrSettings): Promise<HrSettings> {
  await db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(input)) {
      await tx
        .insert(hrSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: hrSettings.key, set: { value, updatedAt: new Date() } });
    }
  });
  return getHrSettings(db);
}
