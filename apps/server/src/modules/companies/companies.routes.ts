import {
  companyCreatedMessage,
  companyIndustryInvalidMessage,
  companyListResponseSchema,
  companyLogoError,
  companyPageQuerySchema,
  companyRowSchema,
  createCompanyInputSchema,
  createCompanyResponseSchema,
  idNameListResponseSchema,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { pageQuerySchema, pageSchema } from '../../db/paginate.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { forbidden, notFound, toFieldErrors, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { readUpload, saveUpload } from '../../plugins/storage.ts';
import { uploadedFileSchema } from '../../plugins/uploads.ts';
import { clientCompanyOf, parsePathId } from '../clients/clients.service.ts';
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

/** Company calls of spec 1 §7.2 and spec 2 §7. */
export async function companyRoutes(app: AppInstance): Promise<void> {
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
      if (request.auth.user.type !== 'Employee' && (await clientCompanyOf(app.db, request.auth.user.id)) !== companyId) throw forbidden();
      return { data: await listSiteOptions(app.db, companyId) };
    },
  );

  // Spec 2 §2 company list: paged, filtered by company name, staff only.
  app.get(
    '/company',
    {
      onRequest: requireEmployee(),
      schema: { querystring: pageQuerySchema.extend(companyPageQuerySchema.shape), response: { 200: pageSchema(companyRowSchema) } },
    },
    async (request) => {
      const { page, per_page, company } = request.query;
      return listCompanies(app.db, { page, per_page }, { company });
    },
  );

  // Spec 2 §2 create company: multipart name, industry_id, website, logo. Staff only.
  app.post('/company', { onRequest: requireEmployee(), schema: { response: { 200: createCompanyResponseSchema } } }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const errors: FieldErrors = {};
    const parsed = createCompanyInputSchema.safeParse(body);
    if (!parsed.success) Object.assign(errors, toFieldErrors(parsed.error.issues));

    const rawLogo = body.logo;
    let logo: z.infer<typeof uploadedFileSchema> | null = null;
    if (rawLogo !== undefined && rawLogo !== null && rawLogo !== '') {
      const file = uploadedFileSchema.safeParse(rawLogo);
      if (!file.success) errors.logo = ['The logo must be a file.'];
      else {
        const message = companyLogoError({ mimetype: file.data.mimetype, size: file.data.data.length });
        if (message) errors.logo = [message];
        else logo = file.data;
      }
    }
    if (parsed.success && !(await industryExists(app.db, parsed.data.industry_id))) errors.industry_id = [companyIndustryInvalidMessage];
    if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);

    const logoPath = logo ? await saveUpload(app.config.dataDir, companyLogoFolder, logo.data, logoExtensions[logo.mimetype]!) : null;
    const id = await createCompany(app.db, parsed.data, logoPath);
    app.realtime.emitToChannel('store', 'CompanyUpdated', { id });
    return { message: companyCreatedMessage, data: { id } };
  });

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
