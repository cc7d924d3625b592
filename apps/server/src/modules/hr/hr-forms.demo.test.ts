import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { seedHrFormsDemo } from './hr-forms.demo.ts';
import { hrFormAssignments, hrForms, hrFormSubmissions } from './hr-forms.table.ts';

// The HR forms demo (designs/hr.md §3 seeds): three published forms assigned to every employee, some signed, and
// nothing more when the seed runs again.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  for (let index = 0; index < 6; index += 1) await createUser(ctx.db, { name: `Demo Person ${index}` });
});
afterAll(async () => {
  await ctx.close();
});

describe('seedHrFormsDemo', () => {
  it('publishes Handbook, Security Policy and Emergency Contact with signatures, once', async () => {
    await ctx.db.transaction((tx) => seedHrFormsDemo(tx));
    await ctx.db.transaction((tx) => seedHrFormsDemo(tx));
    const forms = await ctx.db.select().from(hrForms).orderBy(hrForms.id);
    expect(forms.map((form) => form.title)).toEqual(['Employee Handbook', 'Security Policy', 'Emergency Contact']);
    expect(forms.every((form) => form.currentVersionId !== null)).toBe(true);
    const counts = await ctx.db
      .select({
        formId: hrFormAssignments.formId,
        assigned: sql<number>`count(*)::int`,
        signed: sql<number>`count(${hrFormAssignments.submissionId})::int`,
      })
      .from(hrFormAssignments)
      .groupBy(hrFormAssignments.formId)
      .orderBy(hrFormAssignments.formId);
    expect(counts.map((row) => [row.assigned, row.signed])).toEqual([
      [6, 6],
      [6, 3],
      [6, 2],
    ]);
    const [signed] = await ctx.db.select().from(hrFormSubmissions).where(eq(hrFormSubmissions.formId, forms[1]!.id));
    expect(signed!.values).toMatchObject({ laptop_tag: 'LT-1000', mfa_phone: true });
  });
});
