import { projectDetailSchema, type ProjectDetail } from '@switchboard/shared';
import { expect } from 'vitest';
import type { AppInstance } from '../src/app-instance.ts';
import { bearer } from './helpers.ts';
import { expectExactShape } from './shapes.ts';

// The project calls the project tests share: create one (labor and procurement not required unless the fields say
// otherwise) and read its detail held to the shared schema.

export async function createTestProject(
  app: AppInstance,
  token: string,
  fields: Record<string, unknown>,
): Promise<number> {
  const payload = { labor_required: 1, procurement_required: 1, verbally_approved: 0, ...fields };
  const response = await app.inject({ method: 'POST', url: '/api/project', headers: bearer(token), payload });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { id: number } }>().data.id;
}

export async function projectDetail(app: AppInstance, token: string, id: number): Promise<ProjectDetail> {
  const response = await app.inject({ method: 'GET', url: `/api/project/${id}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return expectExactShape(projectDetailSchema, response.json<{ data: ProjectDetail }>().data);
}
