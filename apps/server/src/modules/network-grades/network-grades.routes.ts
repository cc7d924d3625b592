import {
  gradeDeletedMessage,
  gradeFormInputSchema,
  gradeFormSavedMessage,
  gradeFormSchema,
  gradeInputSchema,
  gradeListItemSchema,
  gradeSavedMessage,
  gradeSchema,
  gradeUpdatedMessage,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { parsePathId } from '../../http/path-params.ts';
import { assertCompanyVisible } from '../companies/company-detail.service.ts';
import {
  createGrade,
  deleteGrade,
  getGrade,
  getGradeForm,
  listGrades,
  saveGradeForm,
  updateGrade,
} from './network-grades.service.ts';

const gradeParams = z.object({ gradeId: z.string() });

/** Network grade calls of spec 2 §7, staff only (the company workspace is for staff, spec 2 §1). */
export async function networkGradeRoutes(app: AppInstance): Promise<void> {
  const staff = { onRequest: requireEmployee() };

  app.get(
    '/save/networkgrade/form',
    { ...staff, schema: { response: { 200: z.object({ data: gradeFormSchema }) } } },
    async () => ({ data: await getGradeForm(app.db) }),
  );

  app.post('/save/networkgrade/form', { ...staff, schema: { body: gradeFormInputSchema } }, async (request) => {
    await saveGradeForm(app.db, request.body);
    return { message: gradeFormSavedMessage, data: await getGradeForm(app.db) };
  });

  app.get(
    '/companies/netgrade.list.:companyId',
    {
      ...staff,
      schema: {
        params: z.object({ companyId: z.string() }),
        response: { 200: z.object({ data: z.array(gradeListItemSchema) }) },
      },
    },
    async (request) => {
      const companyId = parsePathId(request.params.companyId);
      await assertCompanyVisible(app.db, companyId, request.auth.user);
      return { data: await listGrades(app.db, companyId) };
    },
  );

  app.get(
    '/companies/netgrade/:gradeId',
    { ...staff, schema: { params: gradeParams, response: { 200: z.object({ data: gradeSchema }) } } },
    async (request) => ({
      data: await getGrade(app.db, parsePathId(request.params.gradeId)),
    }),
  );

  app.post('/companies/netgrade', { ...staff, schema: { body: gradeInputSchema } }, async (request) => {
    await assertCompanyVisible(app.db, request.body.company_id, request.auth.user);
    const id = await createGrade(app.db, request.body, request.auth.user.id);
    return { message: gradeSavedMessage, data: { id } };
  });

  app.put(
    '/companies/netgrade/update/:gradeId',
    { ...staff, schema: { params: gradeParams, body: gradeInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.gradeId);
      await updateGrade(app.db, id, request.body);
      return { message: gradeUpdatedMessage, data: { id } };
    },
  );

  app.delete('/companies/netgrade/:gradeId', { ...staff, schema: { params: gradeParams } }, async (request) => {
    await deleteGrade(app.db, parsePathId(request.params.gradeId));
    return { message: gradeDeletedMessage };
  });
}
