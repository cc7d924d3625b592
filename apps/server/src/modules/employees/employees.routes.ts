import {
  createEmployeeInputSchema,
  EMPLOYEE_PHOTO_MAX_BYTES,
  employeeCreatedMessage,
  employeeIndexFiltersSchema,
  employeeIndexRowSchema,
  employeeListResponseSchema,
  employeePhotoMimeTypes,
  employeePhotoSizeMessage,
  employeePhotoTypeMessage,
  employeeRecordSchema,
  canCreateEmployee,
  employeeUpdatedMessage,
  updateEmployeeInputSchema,
  type PermissionsUpdatedPayload,
} from '@switchboard/shared';
import { rehireInputSchema, separationInputSchema } from '@switchboard/shared/hr/employment';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageQuerySchema, pageSchema } from '../../db/paginate.ts';
import { disconnectSessions, followPermissions } from '../../plugins/realtime.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { forbidden, notFound, toFieldErrors, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { moveUpload, readUpload, removeUpload } from '../../plugins/storage.ts';
import { uploadedFileSchema, type UploadedFile } from '../../plugins/uploads.ts';
import { parsePathId } from '../../http/path-params.ts';
import { publishPtoPeriods } from '../pto/pto-access.ts';
import { actorOf } from '../users/account-actor.ts';
import { mailCredentialChange } from '../users/credential-changes.service.ts';
import { createEmployee, getEmployeeDetail, updateEmployee } from './employee-profile.service.ts';
import { announceAgentSettings, announceUserUpdated } from '../auth/session-user.ts';
import { getEmployeeRecord } from './employee-record.service.ts';
import { listEmployeeIndex, listEmployeeOptions } from './employees.service.ts';

/** Photos live in DATA_DIR/uploads/user-photos under unguessable names, served publicly like company logos. */
const photoFolder = 'user-photos';
const photoUrlPrefix = '/api/users/photo/';
const photoFilePattern = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
const photoExtensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
// Above the photo's own 2 MB, so a photo a little too large gets the field's message (422).
const photoUploads = { files: 1, fileSize: 4 * 1024 * 1024 };
const photoContentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const employmentInputSchema = separationInputSchema.extend(rehireInputSchema.shape);

const employeeIndexQuerySchema = pageQuerySchema.extend(employeeIndexFiltersSchema.shape);

/** Employee calls of spec 1 §7.2 and §7.6. */
export async function employeeRoutes(app: AppInstance): Promise<void> {
  // Staff only: the list names every employee, which client accounts have no business seeing.
  app.get(
    '/users/employee.list',
    { onRequest: requireEmployee(), schema: { response: { 200: employeeListResponseSchema } } },
    async () => ({ data: await listEmployeeOptions(app.db) }),
  );

  // The employees index. Any employee may read it, as the /employees screen has no permission gate (spec 1 §2.5);
  // the route value only narrows the list (crm: the sales department), it grants nothing.
  app.get(
    '/users/employee',
    {
      onRequest: requireEmployee(),
      schema: { querystring: employeeIndexQuerySchema, response: { 200: pageSchema(employeeIndexRowSchema) } },
    },
    async (request) => listEmployeeIndex(app.db, request.query),
  );

  // Spec 1 §7.6 GET /api/users/employee/{id}: staff read one employee (the edit screen).
  app.get(
    '/users/employee/:id',
    {
      onRequest: requireEmployee(),
      schema: { params: z.object({ id: z.string() }), response: { 200: z.object({ data: employeeRecordSchema }) } },
    },
    async (request) => ({ data: await getEmployeeRecord(app.db, parsePathId(request.params.id), request.auth) }),
  );

  // Spec 1 §7.6 POST /api/users/employee: form-encoded (multipart with the photo); answers message and data.id.
  // The administrator type or 'view human resources' adds employees (decision 0025), checked before the body is read.
  const creating = { onRequest: [requireEmployee(), requireEmployeeCreator], config: { uploads: photoUploads } };
  app.post('/users/employee', creating, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const parsed = createEmployeeInputSchema.safeParse(body);
    const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
    const photo = readPhoto(body, errors);
    if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);
    const id = await withStoredPhoto(photo, (photoUrl) =>
      createEmployee(app.db, parsed.data, photoUrl, actorOf(request)),
    );
    app.realtime.emitToChannel('store', 'EmployeeUpdated', { id });
    return { message: employeeCreatedMessage, data: { id } };
  });

  // Spec 1 §7.6 POST /api/users/employee/{user_id} with the PUT override, form-encoded; who may change which field
  // of whom is decision 0025 (the service refuses a forbidden change whole, 403).
  putRoute(
    app,
    '/users/employee/:id',
    {
      onRequest: requireEmployee(),
      config: { uploads: photoUploads },
      schema: { params: z.object({ id: z.string() }) },
    },
    async (request) => {
      const id = parsePathId(request.params.id);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const parsed = updateEmployeeInputSchema.safeParse(body);
      // designs/hr.md §7: disabling may say the separation's date, type and reason, enabling the rehire date.
      const employment = employmentInputSchema.safeParse(body);
      const errors: FieldErrors = {
        ...(parsed.success ? {} : toFieldErrors(parsed.error.issues)),
        ...(employment.success ? {} : toFieldErrors(employment.error.issues)),
      };
      const photo = readPhoto(body, errors);
      if (!parsed.success || !employment.success || Object.keys(errors).length > 0) throw unprocessable(errors);
      const result = await withStoredPhoto(photo, (photoUrl) =>
        updateEmployee(app.db, id, parsed.data, photoUrl, actorOf(request), employment.data),
      );
      if (result.credentialChange) mailCredentialChange(app, result.credentialChange);
      if (result.replacedPhoto?.startsWith(photoUrlPrefix))
        await removeUpload(
          app.config.dataDir,
          `uploads/${photoFolder}/${result.replacedPhoto.slice(photoUrlPrefix.length)}`,
        );
      if (result.disabled) app.realtime.disconnectUser(id);
      else disconnectSessions(app, result.revokedSessionIds);
      if (result.permissions) {
        followPermissions(app, id, result.permissions);
        app.realtime.emitToUser(id, 'PermissionsUpdated', {
          permissions: result.permissions,
        } satisfies PermissionsUpdatedPayload);
      }
      app.realtime.emitToChannel('store', 'EmployeeUpdated', { id });
      // The employee's open tabs show the new name, photo and softphone line without a reload.
      if (!result.disabled) await announceUserUpdated(app, id);
      for (const agentId of result.agentSettingsUserIds) await announceAgentSettings(app, agentId);
      // The PTO start date and rollover limits shape the periods an open PTO view shows.
      await publishPtoPeriods(app, id);
      return { message: employeeUpdatedMessage, data: await getEmployeeDetail(app.db, id) };
    },
  );

  // Employee photos are public under unguessable names (128 random bits), so <img> tags need no token.
  app.get(
    '/users/photo/:file',
    { config: { public: true }, schema: { params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const { file } = request.params;
      if (!photoFilePattern.test(file)) throw notFound();
      const data = await readUpload(app.config.dataDir, `uploads/${photoFolder}/${file}`);
      if (!data) throw notFound();
      return reply
        .header('content-type', photoContentTypes[file.split('.').pop()!]!)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );

  async function storePhoto(photo: UploadedFile): Promise<string> {
    const path = await moveUpload(app.config.dataDir, photoFolder, photo, photoExtensions[photo.mimetype]!);
    return `${photoUrlPrefix}${path.split('/').pop()}`;
  }

  /** Stores the photo for `work`, and removes it again when `work` is refused, so no orphan file stays. */
  async function withStoredPhoto<T>(
    photo: UploadedFile | null,
    work: (photoUrl: string | null) => Promise<T>,
  ): Promise<T> {
    const photoUrl = photo ? await storePhoto(photo) : null;
    try {
      return await work(photoUrl);
    } catch (error) {
      if (photoUrl)
        await removeUpload(app.config.dataDir, `uploads/${photoFolder}/${photoUrl.slice(photoUrlPrefix.length)}`);
      throw error;
    }
  }
}

async function requireEmployeeCreator(request: FastifyRequest): Promise<void> {
  if (!canCreateEmployee(actorOf(request))) throw forbidden();
}

/** The optional photo file of the employee form: images only, 2 MB at most (the browser resizes it first). */
function readPhoto(body: Record<string, unknown>, errors: FieldErrors): UploadedFile | null {
  const raw = body.photo;
  if (raw === undefined || raw === null || raw === '') return null;
  const file = uploadedFileSchema.safeParse(raw);
  if (!file.success || !(employeePhotoMimeTypes as readonly string[]).includes(file.data.mimetype)) {
    errors.photo = [employeePhotoTypeMessage];
    return null;
  }
  if (file.data.size > EMPLOYEE_PHOTO_MAX_BYTES) {
    errors.photo = [employeePhotoSizeMessage];
    return null;
  }
  return file.data;
}
