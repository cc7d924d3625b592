import { storeChannel } from '@switchboard/shared';
import {
  hrBaseUpdatedEvent,
  hrCategoryInputSchema,
  hrMessages,
  hrOrderInputSchema,
  hrSettingsSchema,
  hrStepInputSchema,
} from '@switchboard/shared/hr/base';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  createCategory,
  createStep,
  deleteCategory,
  deleteStep,
  getHrBase,
  getHrSettings,
  reorder,
  updateCategory,
  updateHrSettings,
  updateStep,
} from './hr-base.service.ts';
import { hrCategories, hrSteps } from './hr.table.ts';

// HR base data and /hr/admin (designs/hr.md §2.1, §8; decisions 0102, 0104): every employee reads the base data
// (self-service needs it), client accounts get 403; categories, steps and settings need 'manage hr settings'.

const idParams = z.object({ id: z.string() });
const employee = [requireEmployee()];
const manage = [requireEmployee(), requirePermission('manage hr settings')];

export async function hrBaseRoutes(app: AppInstance): Promise<void> {
  const changed = () => app.realtime.emitToStaff(storeChannel, hrBaseUpdatedEvent, {});

  app.get('/hr/base', { onRequest: employee }, async () => ({ data: await getHrBase(app.db) }));

  app.post('/hr/categories', { onRequest: manage, schema: { body: hrCategoryInputSchema } }, async (request) => {
    const data = await createCategory(app.db, request.body);
    changed();
    return { message: hrMessages.categorySaved, data };
  });
  putRoute(
    app,
    '/hr/categories/:id',
    { onRequest: manage, schema: { params: idParams, body: hrCategoryInputSchema } },
    async (request) => {
      const data = await updateCategory(app.db, parsePathId(request.params.id), request.body);
      changed();
      return { message: hrMessages.categorySaved, data };
    },
  );
  app.delete('/hr/categories/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    const result = await deleteCategory(app.db, parsePathId(request.params.id));
    changed();
    return result;
  });
  app.post('/hr/categories/order', { onRequest: manage, schema: { body: hrOrderInputSchema } }, async (request) => {
    await reorder(app.db, hrCategories, request.body.ids);
    changed();
    return { message: hrMessages.orderSaved };
  });

  app.post('/hr/steps', { onRequest: manage, schema: { body: hrStepInputSchema } }, async (request) => {
    const data = await createStep(app.db, request.body);
    changed();
    return { message: hrMessages.stepSaved, data };
  });
  putRoute(
    app,
    '/hr/steps/:id',
    { onRequest: manage, schema: { params: idParams, body: hrStepInputSchema } },
    async (request) => {
      const data = await updateStep(app.db, parsePathId(request.params.id), request.body);
      changed();
      return { message: hrMessages.stepSaved, data };
    },
  );
  app.delete('/hr/steps/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    await deleteStep(app.db, parsePathId(request.params.id));
    changed();
    return { message: hrMessages.stepDeleted };
  });
  app.post('/hr/steps/order', { onRequest: manage, schema: { body: hrOrderInputSchema } }, async (request) => {
    await reorder(app.db, hrSteps, request.body.ids);
    changed();
    return { message: hrMessages.orderSaved };
  });

  app.get('/hr/settings', { onRequest: manage }, async () => ({ data: await getHrSettings(app.db) }));
  putRoute(app, '/hr/settings', { onRequest: manage, schema: { body: hrSettingsSchema } }, async (request) => ({
    message: hrMessages.settingsSaved,
    data: await updateHrSettings(app.db, request.body),
  }));
}
