import type { Grade, GradeForm } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { networkGrades } from './network-grades.table.ts';

describe('network grades API (spec 2 §7 Network grades)', () => {
  let ctx: TestContext;
  let staff: string;
  let companyId: number;
  let siteId: number;
  let form: GradeForm;

  beforeAll(async () => {
    ctx = await createTestContext();
    const employee = await createUser(ctx.db);
    staff = (await login(ctx.app, employee.email, employee.password)).access_token;
    [{ id: companyId }] = (await ctx.db
      .insert(companies)
      .values({ name: 'Graded Co' })
      .returning({ id: companies.id })) as [{ id: number }];
    [{ id: siteId }] = (await ctx.db
      .insert(sites)
      .values({ companyId, name: 'HQ', city: 'Austin' })
      .returning({ id: sites.id })) as [{ id: number }];
    form = (await ctx.app.inject({ method: 'GET', url: '/api/save/networkgrade/form', headers: bearer(staff) })).json<{
      data: GradeForm;
    }>().data;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const answersFor = (answer: (index: number) => number, notes = 'Checked on site') =>
    form
      .flatMap((section) => section.questions)
      .map((question, index) => ({ id: question.id, answer: answer(index), notes }));

  it('seeds six categories of eight questions', () => {
    expect(form.map((section) => section.category)).toEqual([
      'Network Security',
      'Security & File Security',
      'Server Room Environment / Network Closet Environment',
      'Equipment Age & Replacement Strategy',
      'User Environment',
      'Core Application Environment & Security',
    ]);
    expect(form.every((section) => section.questions.length === 8)).toBe(true);
  });

  it('saves a grade and answers its scores and letter, leaving N/A out', async () => {
    // Per category of 8: 6 Yes, 1 No, 1 N/A → 6/7 ≈ 0.857 → B+.
    const answers = answersFor((index) => (index % 8 === 7 ? 3 : index % 8 === 6 ? 2 : 1));
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies/netgrade',
      headers: bearer(staff),
      payload: { company_id: companyId, site_id: siteId, questions: answers },
    });
    expect(saved.statusCode).toBe(200);
    const id = saved.json<{ data: { id: number } }>().data.id;
    const grade = (
      await ctx.app.inject({ method: 'GET', url: `/api/companies/netgrade/${id}`, headers: bearer(staff) })
    ).json<{ data: Grade }>().data;
    expect(grade).toMatchObject({ grade_id: id, site: 'HQ', letter: 'B+' });
    expect(grade.average).toBeCloseTo(6 / 7);
    expect(grade.scores).toHaveLength(6);
    expect(grade.scores[0]!.answers).toHaveLength(8);

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/companies/netgrade.list.${companyId}`,
      headers: bearer(staff),
    });
    expect(list.json().data[0]).toMatchObject({ grade_id: id, site: 'HQ', letter: 'B+' });
  });

  it('requires every note and every question, and saves nothing otherwise', async () => {
    const before = await ctx.db.$count(networkGrades);
    const answers = answersFor(() => 1);
    answers[3]!.notes = '';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies/netgrade',
      headers: bearer(staff),
      payload: { company_id: companyId, site_id: siteId, questions: answers },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors['questions.3.notes']).toEqual(['The notes field is required.']);
    const partial = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies/netgrade',
      headers: bearer(staff),
      payload: { company_id: companyId, site_id: siteId, questions: answersFor(() => 1).slice(1) },
    });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors.questions).toEqual(['Every question must be answered once.']);
    expect(await ctx.db.$count(networkGrades)).toBe(before);
  });

  it('updates answers, then deletes the grade', async () => {
    const id = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/companies/netgrade',
        headers: bearer(staff),
        payload: { company_id: companyId, site_id: siteId, questions: answersFor(() => 2) },
      })
    ).json().data.id;
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/companies/netgrade/update/${id}`,
      headers: bearer(staff),
      payload: { company_id: companyId, site_id: siteId, questions: answersFor(() => 1) },
    });
    expect(updated.statusCode).toBe(200);
    const grade = (
      await ctx.app.inject({ method: 'GET', url: `/api/companies/netgrade/${id}`, headers: bearer(staff) })
    ).json<{ data: Grade }>().data;
    expect(grade.letter).toBe('A+');
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/companies/netgrade/${id}`, headers: bearer(staff) })).json()
        .message,
    ).toBe('Network grade deleted.');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/companies/netgrade/${id}`, headers: bearer(staff) }))
        .statusCode,
    ).toBe(404);
  });

  it('edits the form by section: renames, adds and retires questions', async () => {
    const section = form[0]!;
    const sections = [
      {
        category: section.category,
        questions: [
          { id: section.questions[0]!.id, question: 'Is a next-generation firewall in place?' },
          { question: 'Is DNS filtering enforced for every device?' },
        ],
      },
    ];
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/save/networkgrade/form',
      headers: bearer(staff),
      payload: { sections },
    });
    expect(saved.statusCode).toBe(200);
    const next = saved.json<{ data: GradeForm }>().data;
    expect(next[0]!.questions.map((question) => question.question)).toEqual([
      'Is a next-generation firewall in place?',
      'Is DNS filtering enforced for every device?',
    ]);
    expect(next[1]!.questions).toHaveLength(8);
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/api/save/networkgrade/form',
      headers: bearer(staff),
      payload: { sections: [{ category: 'Nope', questions: [{ question: '' }] }] },
    });
    expect(invalid.statusCode).toBe(422);
  });

  it('is for staff only', async () => {
    const client = await createUser(ctx.db, { type: 'Client', companyId });
    const token = (await login(ctx.app, client.email, client.password)).access_token;
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/save/networkgrade/form', headers: bearer(token) })).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/companies/netgrade.list.${companyId}`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(403);
  });
});
