import { hrBaseResponseSchema, hrMessages, defaultHrSettings } from '@switchboard/shared/hr/base';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';

// HR base data and /hr/admin's calls (issue 29 part 1; designs/hr.md §2.1, §8; decisions 0102-0104): every employee
// reads the base data, clients get 403, the admin calls need 'manage hr settings'; the design's rules and texts.

let ctx: TestContext;
let admin: string;
let plain: string;
let client: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const [company] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning({ id: companies.id });
  const hr = await createUser(ctx.db, { permissions: ['manage hr settings'] });
  admin = (await login(ctx.app, hr.email, hr.password)).access_token;
  const staff = await createUser(ctx.db);
  plain = (await login(ctx.app, staff.email, staff.password)).access_token;
  const account = await createUser(ctx.db, { type: 'Client', companyId: company!.id });
  client = (await login(ctx.app, account.email, account.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = admin) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(as), payload });
const base = async () => hrBaseResponseSchema.parse((await call('GET', '/hr/base', undefined, plain)).json()).data;
const category = { name: 'Jury Duty', kind: 'time_off', approval: 'hr', color: '#228be6' };
const step = { name: 'Reference Check', kind: 'active', color: '#7950f2' };

describe('GET /api/hr/base', () => {
  it('answers every employee the seeded categories and steps in order, the four reasons and the readers', async () => {
    const data = await base();
    expect(data.categories.map((row) => [row.name, row.kind, row.approval])).toEqual([
      ['Time Off', 'time_off', 'manager'],
      ['Equipment', 'equipment', 'manager_then_hr'],
      ['Schedule Change', 'schedule_change', 'manager_then_hr'],
      ['Other', 'general', 'hr'],
    ]);
    expect(data.steps.map((row) => row.name)).toEqual([
      'Applied',
      'Phone Screen',
      'Technical Interview',
      'Final Interview',
      'Offer',
      'Hired',
      'Rejected',
    ]);
    expect(data.reasons).toEqual(['Sick', 'Vacation', 'Personal Time', 'Appointment']);
    expect(data.anon_readers).toEqual([]);
    const reader = await createUser(ctx.db, { name: 'Rita Reader', permissions: ['read anonymous email'] });
    await createUser(ctx.db, { name: 'Ada Admin', role: 'admin' });
    expect((await base()).anon_readers).toEqual([{ id: reader.id, name: 'Rita Reader' }]);
  });

  it('refuses client accounts and anyone signed out', async () => {
    expect((await call('GET', '/hr/base', undefined, client)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/hr/base' })).statusCode).toBe(401);
  });
});

describe('categories', () => {
  it("need 'manage hr settings' to change", async () => {
    expect((await call('POST', '/hr/categories', category, plain)).statusCode).toBe(403);
    expect((await call('POST', '/hr/categories', category, client)).statusCode).toBe(403);
    expect((await call('PUT', '/hr/settings', defaultHrSettings, plain)).statusCode).toBe(403);
    expect((await call('GET', '/hr/settings', undefined, plain)).statusCode).toBe(403);
  });

  it('creates at the end of the order, refuses a taken name whatever the case, edits and reorders', async () => {
    const created = await call('POST', '/hr/categories', category);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('Category saved.');
    const jury = created.json().data;
    expect(jury).toMatchObject({ name: 'Jury Duty', active: true, instructions: '', sort_order: 5 });
    const taken = await call('POST', '/hr/categories', { ...category, name: 'jury duty' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual(['The name has already been taken.']);
    const bad = await call('POST', '/hr/categories', { name: ' ', kind: 'vacation', approval: 'hr', color: 'blue' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['color', 'kind', 'name']);
    const edited = await call('PUT', `/hr/categories/${jury.id}`, { ...category, instructions: 'Attach the summons.' });
    expect(edited.json().data.instructions).toBe('Attach the summons.');
    const ids = (await base()).categories.map((row) => row.id);
    const order = await call('POST', '/hr/categories/order', { ids: [jury.id, ...ids.filter((id) => id !== jury.id)] });
    expect(order.statusCode, order.body).toBe(200);
    expect((await base()).categories[0]!.name).toBe('Jury Duty');
    const partial = await call('POST', '/hr/categories/order', { ids: [jury.id] });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().message).toBe('The order must name every entry once.');
  });

  it('deletes an unused category and deactivates one a request names', async () => {
    const unused = (await call('POST', '/hr/categories', { ...category, name: 'Training' })).json().data;
    const gone = await call('DELETE', `/hr/categories/${unused.id}`);
    expect(gone.json()).toEqual({ message: 'Category deleted.', outcome: 'deleted' });
    const used = (await call('POST', '/hr/categories', { ...category, name: 'Bereavement' })).json().data;
    // A stand-in for hr_requests (a later part): a row naming the category through a restricting foreign key.
    await ctx.db.execute(
      sql`create table probe_requests (category_id int references hr_categories on delete restrict)`,
    );
    await ctx.db.execute(sql`insert into probe_requests values (${used.id})`);
    const kept = await call('DELETE', `/hr/categories/${used.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ message: hrMessages.categoryDeactivated, outcome: 'deactivated' });
    expect((await base()).categories.find((row) => row.id === used.id)?.active).toBe(false);
    expect((await call('DELETE', '/hr/categories/999999')).statusCode).toBe(404);
  });
});

describe('steps', () => {
  it('keep one active hired and one active rejected step', async () => {
    const steps = (await base()).steps;
    const hired = steps.find((row) => row.kind === 'hired')!;
    const rejected = steps.find((row) => row.kind === 'rejected')!;
    const deleting = await call('DELETE', `/hr/steps/${hired.id}`);
    expect(deleting.statusCode).toBe(422);
    expect(deleting.json().message).toBe('One hired step must stay active.');
    const deactivating = await call('PUT', `/hr/steps/${rejected.id}`, {
      name: 'Rejected',
      kind: 'rejected',
      color: '#fa5252',
      active: false,
    });
    expect(deactivating.statusCode).toBe(422);
    expect(deactivating.json().errors.kind).toEqual(['One rejected step must stay active.']);
    const retyping = await call('PUT', `/hr/steps/${hired.id}`, { name: 'Hired', kind: 'active', color: '#40c057' });
    expect(retyping.json().message).toBe('One hired step must stay active.');
    // With a second hired step, the first may go.
    const second = (await call('POST', '/hr/steps', { ...step, name: 'Hired (contract)', kind: 'hired' })).json().data;
    expect((await call('DELETE', `/hr/steps/${hired.id}`)).json().message).toBe('Step deleted.');
    expect((await call('DELETE', `/hr/steps/${second.id}`)).statusCode).toBe(422);
  });

  it('take an e-mail template only whole, and refuse deleting a step applicants are on', async () => {
    const half = await call('POST', '/hr/steps', { ...step, email_subject: 'Next steps' });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors.email_body).toEqual(['An e-mail template needs both a subject and a body.']);
    const created = await call('POST', '/hr/steps', {
      ...step,
      email_subject: 'References for {job_title}',
      email_body: 'Hello {first_name}, ...',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    await ctx.db.execute(sql`create table probe_applicants (step_id int references hr_steps on delete restrict)`);
    await ctx.db.execute(sql`insert into probe_applicants values (${id})`);
    const refused = await call('DELETE', `/hr/steps/${id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('The step still has applicants.');
  });
});

describe('HR settings', () => {
  it('read as the defaults until saved, then as saved; the contract refuses a bad week and slots', async () => {
    expect((await call('GET', '/hr/settings')).json().data).toEqual(defaultHrSettings);
    const saved = await call('PUT', '/hr/settings', {
      ...defaultHrSettings,
      work_week: { '1': 10, '2': 10, '3': 10, '4': 10, '5': 0, '6': 0, '7': 0 },
      negative_balance: 'block',
      anon_release_slots: ['09:00'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('HR settings saved.');
    expect((await call('GET', '/hr/settings')).json().data).toMatchObject({
      negative_balance: 'block',
      anon_release_slots: ['09:00'],
      work_week: { '1': 10, '5': 0 },
    });
    const bad = await call('PUT', '/hr/settings', {
      ...defaultHrSettings,
      work_week: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, '6': 0, '7': 0 },
      anon_release_slots: ['09:15'],
      backdate_days: -1,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      work_week: ['The week needs at least one working day.'],
      'anon_release_slots.0': ['A release slot is a half hour such as 09:00.'],
      backdate_days: ['Between 0 and 365 days.'],
    });
  });
});
