import {
  companyCreatedMessage,
  companyIndustryInvalidMessage,
  companyListResponseSchema,
  companyLogoError,
  companyPageQuerySchema,
  companyRowSchema,
  createCompanyInputSchema,
  createCompanyResponseSchema,
  companyDetailSchema,
  companyUpdatedMessage,
  geocodeResponseSchema,
  idNameListResponseSchema,
  normalizeNotes,
  siteInfoInputSchema,
  siteInfoUpdatedMessage,
  sitesUpdatedMessage,
  techAttachmentMaxBytes,
  techAttachmentSizeMessage,
  techInfoInputSchema,
  techInfoUpdatedMessage,
  updateCompanyInputSchema,
  updateSitesInputSchema,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageQuerySchema, pageSchema } from '../../db/paginate.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { forbidden, notFound, toFieldErrors, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { moveUpload, readUpload, removeUpload } from '../../plugins/storage.ts';
import { uploadedFileSchema, type UploadedFile } from '../../plugins/uploads.ts';
import { parsePathId } from '../../http/path-params.ts';
import { clientCompanyOf } from './client-company.ts';
import {
  companyLogoFilePattern,
  companyLogoFolder,
  createCompany,
  industryExists,
  listCompanies,
  listCompanyOptions,
  listSiteOptions,
  logoContentTypes,
  logoExtensions,
} from './companies.service.ts';
import {
  assertCompanyVisible,
  getCompanyDetail,
  type CompanyDetailParts,
  replaceSites,
  saveTechInfo,
  updateCompany,
  updateSiteInfo,
  type StoredAttachment,
} from './company-detail.service.ts';
import { attachmentExtension, techAttachmentFolder } from './tech-attachments.ts';
import { geocodeUsAddress } from './geocode.ts';

// Route caps above the fields' own limits, so a file a little too large gets the field's message (422).
const logoUploads = { files: 1, fileSize: 4 * 1024 * 1024 };
const attachmentUploads = { files: 10, fileSize: 25 * 1024 * 1024 };

/** Company calls of spec 1 §7.2 and spec 2 §7. */
/** What the modules above companies hand in (routes.ts): the company detail's parts they keep. */
export interface CompanyRouteOptions {
  detailParts: CompanyDetailParts;
}

export async function companyRoutes(app: AppInstance, options: CompanyRouteOptions): Promise<void> {
  // Any signed-in user: a client account sees only its own company.
  app.get('/company.list', { schema: { response: { 200: companyListResponseSchema } } }, async (request) => ({
    data: await listCompanyOptions(app.db, request.auth.user),
  }));

  // Spec 1 §7.2: a company's sites; a client account sees only its own company's.
  app.get(
    '/companies/sites.list.:companyId',
    { schema: { params: z.object({ companyId: z.string() }), response: { 200: idNameListResponseSchema } } },
    async (request) => {
      const companyId = parsePathId(request.params.companyId);
      if (request.auth.user.type !== 'Employee' && (await clientCompanyOf(app.db, request.auth.user.id)) !== companyId)
        throw forbidden();
      return { data: await listSiteOptions(app.db, companyId) };
    },
  );

  // Spec 2 §2 company list: paged, filtered by company name, staff only.
  app.get(
    '/company',
    {
      onRequest: requireEmployee(),
      schema: {
        querystring: pageQuerySchema.extend(companyPageQuerySchema.shape),
        response: { 200: pageSchema(companyRowSchema) },
      },
    },
    async (request) => {
      const { page, per_page, company } = request.query;
      return listCompanies(app.db, { page, per_page }, { company });
    },
  );

  // Spec 2 §2 create company: multipart name, industry_id, website, logo. Staff only.
  app.post(
    '/company',
    {
      onRequest: requireEmployee(),
      config: { uploads: logoUploads },
      schema: { response: { 200: createCompanyResponseSchema } },
    },
    async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const errors: FieldErrors = {};
      const parsed = createCompanyInputSchema.safeParse(body);
      if (!parsed.success) Object.assign(errors, toFieldErrors(parsed.error.issues));
      const logo = readLogoField(body, errors);
      await checkIndustryExists(app.db, body.industry_id, errors);
      if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);

      const logoPath = logo
        ? await moveUpload(app.config.dataDir, companyLogoFolder, logo, logoExtensions[logo.mimetype]!)
        : null;
      const id = await createCompany(app.db, parsed.data, logoPath);
      app.realtime.emitToChannel('store', 'CompanyUpdated', { id });
      return { message: companyCreatedMessage, data: { id } };
    },
  );

  // Spec 2 §2 company detail: the company, its sites and counters. A client account sees only its own company.
  app.get(
    '/company/:id',
    { schema: { params: z.object({ id: z.string() }), response: { 200: z.object({ data: companyDetailSchema }) } } },
    async (request) => {
      const id = parsePathId(request.params.id);
      await assertCompanyVisible(app.db, id, request.auth.user);
      return { data: await getCompanyDetail(app.db, id, request.auth.user, options.detailParts) };
    },
  );

  // Spec 2 §7: PUT /api/company/{id} (name, industry, website, active) and the multipart POST with _method PUT
  // that may also replace the logo. Staff only.
  putRoute(
    app,
    '/company/:id',
    {
      onRequest: requireEmployee(),
      config: { uploads: logoUploads },
      schema: { params: z.object({ id: z.string() }) },
    },
    async (request) => {
      const id = parsePathId(request.params.id);
      await assertCompanyVisible(app.db, id, request.auth.user);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const errors: FieldErrors = {};
      const parsed = updateCompanyInputSchema.safeParse(body);
      if (!parsed.success) Object.assign(errors, toFieldErrors(parsed.error.issues));
      const logo = readLogoField(body, errors);
      await checkIndustryExists(app.db, body.industry_id ?? body.industry, errors);
      if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);

      const logoPath = logo
        ? await moveUpload(app.config.dataDir, companyLogoFolder, logo, logoExtensions[logo.mimetype]!)
        : null;
      const replaced = await updateCompany(app.db, id, parsed.data, logoPath);
      if (replaced) await removeUpload(app.config.dataDir, replaced);
      app.realtime.emitToChannel('store', 'CompanyUpdated', { id });
      return {
        message: companyUpdatedMessage,
        data: await getCompanyDetail(app.db, id, request.auth.user, options.detailParts),
      };
    },
  );

  // Spec 2 §7 Sites: the whole list in one transaction. Staff only.
  app.put(
    '/companies/sites/:companyId',
    {
      onRequest: requireEmployee(),
      schema: { params: z.object({ companyId: z.string() }), body: updateSitesInputSchema },
    },
    async (request) => {
      const companyId = parsePathId(request.params.companyId);
      await assertCompanyVisible(app.db, companyId, request.auth.user);
      const data = await replaceSites(app.db, companyId, request.body.sites);
      app.realtime.emitToChannel('store', 'CompanyUpdated', { id: companyId });
      return { message: sitesUpdatedMessage, data };
    },
  );

  // Spec 2 §7: a site's parking information and external connectivity. Staff only.
  app.post(
    '/companies/sites.info',
    { onRequest: requireEmployee(), schema: { body: siteInfoInputSchema } },
    async (request) => {
      const { site } = await updateSiteInfo(app.db, request.body);
      return { message: siteInfoUpdatedMessage, data: site };
    },
  );

  // Spec 2 §7: multipart company_id, notes, attachments (one or several files). Staff only.
  app.post(
    '/companies/sites/tech.info',
    { onRequest: requireEmployee(), config: { uploads: attachmentUploads } },
    async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const parsed = techInfoInputSchema.safeParse(body);
      const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
      const files = readAttachmentFields(body, errors);
      if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);
      await assertCompanyVisible(app.db, parsed.data.company_id, request.auth.user);

      const stored: StoredAttachment[] = [];
      for (const file of files) {
        const extension = attachmentExtension(file.filename);
        stored.push({
          fileName: file.filename.slice(0, 255),
          path: await moveUpload(app.config.dataDir, techAttachmentFolder, file, extension),
          size: file.size,
          extension,
        });
      }
      const data = await saveTechInfo(
        app.db,
        parsed.data.company_id,
        normalizeNotes(parsed.data.notes),
        stored,
        request.auth.user.id,
      );
      return { message: techInfoUpdatedMessage, data };
    },
  );

  // Address autofill for the Sites tab, through the configured Nominatim-compatible geocoder (US only).
  app.get(
    '/geocode',
    {
      onRequest: requireEmployee(),
      schema: {
        querystring: z.object({ q: z.string().trim().max(200).default('') }),
        response: { 200: geocodeResponseSchema },
      },
    },
    async (request) => {
      if (!app.config.geocoderUrl) return { enabled: false, data: [] };
      if (request.query.q.length < 3) return { enabled: true, data: [] };
      return { enabled: true, data: await geocodeUsAddress(app.config.geocoderUrl, request.query.q, app.log) };
    },
  );

  // Logos are public under unguessable names (128 random bits), so <img> tags need no token.
  app.get(
    '/company/logo/:file',
    { config: { public: true }, schema: { params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const { file } = request.params;
      if (!companyLogoFilePattern.test(file)) throw notFound();
      const data = await readUpload(app.config.dataDir, `uploads/${companyLogoFolder}/${file}`);
      if (!data) throw notFound();
      const ext = file.split('.').pop()!;
      return reply
        .header('content-type', logoContentTypes[ext]!)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}

/** The optional logo file of a company form; adds its error to `errors`. */
/**
 * A well-formed industry id that names no industry is reported with the other fields' errors, not only once they pass
 * (issue 16: the form learnt of it on the second submit).
 */
async function checkIndustryExists(db: AppInstance['db'], industryId: unknown, errors: FieldErrors): Promise<void> {
  if (errors.industry_id) return;
  const parsed = createCompanyInputSchema.shape.industry_id.safeParse(industryId);
  if (parsed.success && !(await industryExists(db, parsed.data))) errors.industry_id = [companyIndustryInvalidMessage];
}

function readLogoField(body: Record<string, unknown>, errors: FieldErrors): UploadedFile | null {
  const raw = body.logo;
  if (raw === undefined || raw === null || raw === '') return null;
  const file = uploadedFileSchema.safeParse(raw);
  if (!file.success) {
    errors.logo = ['The logo must be a file.'];
    return null;
  }
  const message = companyLogoError({ mimetype: file.data.mimetype, size: file.data.size });
  if (message) errors.logo = [message];
  return message ? null : file.data;
}

/** The attachments of the tech information form: `attachments`, `attachments[]` or `attachments[n]`, one or many. */
function readAttachmentFields(body: Record<string, unknown>, errors: FieldErrors): UploadedFile[] {
  const values = Object.entries(body)
    .filter(([key]) => /^attachments(\[\d*\])?$/.test(key))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((value) => value !== '' && value !== undefined && value !== null);
  const files: UploadedFile[] = [];
  for (const value of values) {
    const file = uploadedFileSchema.safeParse(value);
    if (!file.success) errors.attachments = ['The attachments must be files.'];
    else if (file.data.size > techAttachmentMaxBytes) errors.attachments = [techAttachmentSizeMessage];
    else files.push(file.data);
  }
  return files;
}
