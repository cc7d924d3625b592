import { templateDetailSchema, templateRowSchema, type TemplateDetail } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { companies } from '../companies/companies.table.ts';
import { projectTemplates, templateSteps, templateTasks } from './project-steps.table.ts';

// Issue 18 part 6: labor templates (spec 3 §2 /projects/templates, §3 Template, §7 GET /api/project/templates and
// /{id}), written by staff from the templates page; the name is unique.

let ctx: TestContext;
let planner: TestUser;
let token: string;
let clientToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  planner = await createUser(ctx.db, { name: 'Pete Planner' });
  token = (await login(ctx.app, planner.email, planner.password)).access_token;
  const [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Template Dental' }).returning();
  const client = await createUser(ctx.db, { type: 'Client', companyId });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });
const listOf = async (query = '') => {
  const response = await call('GET', `/api/project/templates${query}`);
  expect(response.statusCode).toBe(200);
  return expectExactShape(z.object({ data: z.array(templateRowSchema) }), response.json()).data;
};
const detailOf = async (id: number) => {
  const response = await call('GET', `/api/project/templates/${id}`);
  expect(response.statusCode).toBe(200);
  return expectExactShape(templateDetailSchema, response.json<{ data: TemplateDetail }>().data);
};
const form = (name: string, extra: Record<string, unknown> = {}) => ({
  template_name: name,
  steps: [
    { title: 'Survey', min_hours: 1, max_hours: 2, tasks: [{ title: 'Walk the site' }, { title: 'Photos' }] },
    { title: 'Install', min_hours: '4.5', max_hours: '6.25' },
  ],
  ...extra,
});
async function create(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const response = await call('POST', '/api/project/templates', form(name, extra));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().message).toBe('Template created.');
  return response.json<{ data: { id: number } }>().data.id;
}

describe('project templates', () => {
  it('creates a template and answers it with its steps and tasks in order', async () => {
    const id = await create('Workstation rollout');
    expect(await detailOf(id)).toEqual({
      id,
      template_name: 'Workstation rollout',
      steps: [
        {
          id: expect.any(Number),
          title: 'Survey',
          min_hours: 1,
          max_hours: 2,
          tasks: [
            { id: expect.any(Number), title: 'Walk the site' },
            { id: expect.any(Number), title: 'Photos' },
          ],
        },
        { id: expect.any(Number), title: 'Install', min_hours: 4.5, max_hours: 6.25, tasks: [] },
      ],
    });
  });

  it('lists templates by name and searches them', async () => {
    await create('zeta cabling');
    await create('Alpha firewall');
    await create('100%_done');
    const names = (await listOf()).map((row) => row.template_name);
    expect(names.indexOf('Alpha firewall')).toBeLessThan(names.indexOf('zeta cabling'));
    expect((await listOf('?search=FIRE')).map((row) => row.template_name)).toEqual(['Alpha firewall']);
    // % and _ are searched as themselves.
    expect((await listOf('?search=%25_')).map((row) => row.template_name)).toEqual(['100%_done']);
    expect(await listOf('?search=nothing-like-this')).toEqual([]);
  });

  it('updates the name and replaces the steps; refuses a name already taken, in any case', async () => {
    const id = await create('Server move');
    await create('Taken name');
    const updated = await call('PUT', `/api/project/templates/${id}`, {
      template_name: 'Server move v2',
      steps: [{ title: 'Only step', min_hours: 0, max_hours: 0.25, tasks: [{ title: 'Single task' }] }],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ message: 'Template updated.' });
    const detail = await detailOf(id);
    expect(detail.template_name).toBe('Server move v2');
    expect(detail.steps.map((row) => [row.title, row.min_hours, row.max_hours, row.tasks.map((t) => t.title)])).toEqual(
      [['Only step', 0, 0.25, ['Single task']]],
    );
    expect(await ctx.db.$count(templateSteps, eq(templateSteps.templateId, id))).toBe(1);

    // Saving under its own name is fine; another template's name (any case) is not.
    expect((await call('PUT', `/api/project/templates/${id}`, form('Server move v2'))).statusCode).toBe(200);
    for (const [method, url] of [
      ['PUT', `/api/project/templates/${id}`],
      ['POST', '/api/project/templates'],
    ] as const) {
      const taken = await call(method, url, form('  taken NAME '));
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ template_name: ['A template with this name already exists.'] });
    }
    expect((await detailOf(id)).template_name).toBe('Server move v2');
  });

  it('checks the name and each step field by field, and writes nothing', async () => {
    const before = await ctx.db.$count(projectTemplates);
    const step = { title: 'Step', min_hours: 1, max_hours: 1, tasks: [] };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ template_name: '' }, { template_name: ['Enter a template name.'] }],
      [{ template_name: undefined }, { template_name: ['Enter a template name.'] }],
      [{ template_name: 'x'.repeat(256) }, { template_name: ['Keep the template name to 255 characters.'] }],
      [{ template_name: 'Bad step', steps: [{ ...step, title: '' }] }, { 'steps.0.title': ['Enter a title.'] }],
      [
        { template_name: 'Bad hours', steps: [{ ...step, min_hours: 0.1 }] },
        { 'steps.0.min_hours': ['Enter hours of 0 or more, in steps of 0.25.'] },
      ],
      [
        { template_name: 'Bad range', steps: [{ ...step, min_hours: 2, max_hours: 1 }] },
        { 'steps.0.max_hours': ['The max hours must be at least the min hours.'] },
      ],
      [
        { template_name: 'Bad task', steps: [{ ...step, tasks: [{ title: ' ' }] }] },
        { 'steps.0.tasks.0.title': ['Enter a title for the sub-step.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await call('POST', '/api/project/templates', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await ctx.db.$count(projectTemplates)).toBe(before);
  });

  it('deletes a template with its steps and tasks; unknown ids are 404', async () => {
    const id = await create('Short lived');
    const stepIds = (await detailOf(id)).steps.map((row) => row.id);
    const deleted = await call('DELETE', `/api/project/templates/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Template deleted.' });
    expect((await call('GET', `/api/project/templates/${id}`)).statusCode).toBe(404);
    expect(await ctx.db.$count(templateTasks, eq(templateTasks.templateStepId, stepIds[0]!))).toBe(0);
    expect((await call('DELETE', `/api/project/templates/${id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/project/templates/${id}`, form('Ghost'))).statusCode).toBe(404);
    expect((await call('GET', '/api/project/templates/abc')).statusCode).toBe(404);
  });

  it('is staff only', async () => {
    const id = await create('Staff only');
    expect((await call('GET', '/api/project/templates', undefined, clientToken)).statusCode).toBe(403);
    expect((await call('GET', `/api/project/templates/${id}`, undefined, clientToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/project/templates', form('Client made'), clientToken)).statusCode).toBe(403);
    expect((await call('PUT', `/api/project/templates/${id}`, form('Client edit'), clientToken)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/project/templates/${id}`, undefined, clientToken)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/project/templates' })).statusCode).toBe(401);
    expect((await detailOf(id)).template_name).toBe('Staff only');
  });
});
