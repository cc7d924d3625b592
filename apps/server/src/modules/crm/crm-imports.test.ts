import { crmImportSchema, crmExportSchema, importPreviewSchema, type CrmImport } from '@switchboard/shared/crm-imports';
import { parseCsv } from '@switchboard/shared/csv';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { runJob } from '../../plugins/jobs.ts';
import { campaigns, industries, regions } from '../reference/reference.table.ts';
import { crmExports, crmImportErrors, crmImports } from './crm-imports.table.ts';
import { crmDoNotCall, crmLeadNotes, crmLeads, crmSettings } from './crm.table.ts';
import { removeExpiredExports, runQueuedExports } from './crm-imports.export.ts';
import { runQueuedImports } from './crm-imports.service.ts';

// Lead imports and exports (designs/crm-softphone.md §2.4, §5): the gates ('manage crm' imports, 'view crm' exports
// of only the leads one sees), 422s per field, the preview, each duplicate policy within the file and against the
// table, do-not-call flagged, names resolved or reported, the errors CSV, progress on user.{id}, the export's file
// (formulas neutralised) announced by FileDownload, for its owner only, removed after 24 hours.

let ctx: TestContext;
let manager: string;
let managerId: number;
let agent: string;
let agentId: number;
let agentEmail: string;
let plain: string;
let client: string;
let campaignId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const boss = await createUser(ctx.db, { name: 'Ida Importer', permissions: ['view crm', 'manage crm'] });
  managerId = boss.id;
  manager = (await login(ctx.app, boss.email, boss.password)).access_token;
  const seller = await createUser(ctx.db, { name: 'Sam Seller', permissions: ['view crm'] });
  agentId = seller.id;
  agentEmail = seller.email;
  agent = (await login(ctx.app, seller.email, seller.password)).access_token;
  const other = await createUser(ctx.db, { name: 'Otto Other' });
  plain = (await login(ctx.app, other.email, other.password)).access_token;
  const account = await createUser(ctx.db, { type: 'Client', permissions: ['view crm', 'manage crm'] });
  client = (await login(ctx.app, account.email, account.password)).access_token;
  campaignId = (await ctx.db.insert(campaigns).values({ campaignName: 'Spring Push' }).returning())[0]!.id;
  await ctx.db.insert(regions).values({ name: 'Hill Country' });
  await ctx.db.insert(industries).values({ name: 'Dental Offices', parentId: 0 });
  await ctx.db.update(crmSettings).set({ viewAllLeads: false });
});
afterAll(async () => {
  await ctx?.close();
});

const csvFile = (text: string, name = 'leads.csv') => ({ blob: new Blob([text], { type: 'text/csv' }), name });

async function post(url: string, fields: Record<string, string | { blob: Blob; name: string }>, token = manager) {
  const body = await multipartBody(fields);
  return ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}

const get = (url: string, token = manager) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

/** Uploads, runs the job, answers the finished import. */
async function importCsv(text: string, fields: Record<string, string> = {}): Promise<CrmImport> {
  const response = await post('/api/crm/imports', { file: csvFile(text), ...fields });
  expect(response.statusCode, response.body).toBe(201);
  const queued = crmImportSchema.parse(response.json().data);
  expect(queued.status).toBe('queued');
  await runJob(ctx.app, 'crm-imports');
  const done = await get(`/api/crm/imports/${queued.id}`);
  return crmImportSchema.parse(done.json().data);
}

const leadsOf = (importId: number) =>
  ctx.db.select().from(crmLeads).where(eq(crmLeads.importId, importId)).orderBy(crmLeads.id);

async function errorsCsv(importId: number): Promise<string[][]> {
  const response = await get(`/api/crm/imports/${importId}/errors`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/csv');
  return parseCsv(response.body);
}

const header = 'Company,First Name,Last Name,Phone,Email,Title,Region,Vertical,Campaign,Status,Manager Email,Notes';

describe('gates and bad requests', () => {
  it('needs a token, staff, view crm and manage crm for imports', async () => {
    const file = { file: csvFile(`${header}\nAcme,,,,,,,,,,,\n`) };
    expect((await ctx.app.inject({ method: 'GET', url: '/api/crm/imports' })).statusCode).toBe(401);
    for (const token of [agent, plain, client]) {
      expect((await get('/api/crm/imports', token)).statusCode).toBe(403);
      expect((await post('/api/crm/imports', file, token)).statusCode).toBe(403);
      expect((await post('/api/crm/imports/preview', file, token)).statusCode).toBe(403);
    }
    expect((await get('/api/crm/imports/999999')).statusCode).toBe(404);
    expect((await get('/api/crm/imports/999999/errors')).statusCode).toBe(404);
  });

  it('answers 422 per field and stores nothing', async () => {
    const before = await ctx.db.select().from(crmImports);
    const missing = await post('/api/crm/imports', { has_header: 'true' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.file).toEqual(['The file field is required.']);
    const bad = await post('/api/crm/imports', {
      file: csvFile(`${header}\n`),
      duplicate_policy: 'merge',
      default_status: '2',
      campaign_id: '999999',
      has_header: 'maybe',
      next_touch: '2026-02-30',
      mapping: '{not json',
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors as Record<string, string[]>;
    expect(errors.duplicate_policy).toEqual(['The selected duplicate policy is invalid.']);
    expect(errors.default_status).toEqual(['The selected status is invalid.']);
    expect(errors.has_header).toEqual(['The has header field must be true or false.']);
    expect(errors.next_touch).toEqual(['The next touch is not a valid date.']);
    expect(errors.mapping).toBeDefined();
    const names = await post('/api/crm/imports', {
      file: csvFile(`${header}\n`),
      campaign_id: '999999',
      manager_id: '999999',
    });
    expect(names.json().errors).toEqual({
      file: ['The file has no rows to import.'],
      campaign_id: ['The selected campaign id is invalid.'],
      manager_id: ['The selected manager id is invalid.'],
    });
    const binary = await post('/api/crm/imports', {
      file: { blob: new Blob([new Uint8Array([0x50, 0x4b, 0, 0, 1])]), name: 'x.csv' },
    });
    expect(binary.json().errors.file).toEqual(['The file must be a CSV file.']);
    const unknownField = await post('/api/crm/imports', {
      file: csvFile('a\nb\n'),
      mapping: JSON.stringify({ password: 0 }),
    });
    expect(unknownField.json().errors.mapping).toEqual([
      'The mapping must name a column of the file for each field, or none.',
    ]);
    expect(await ctx.db.select().from(crmImports)).toHaveLength(before.length);
  });

  it('refuses multipart on the export route and a body without columns', async () => {
    const multipart = await post('/api/crm/exports', { columns: 'id' }, agent);
    expect(multipart.statusCode).toBe(415);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/exports',
      headers: bearer(agent),
      payload: { columns: [] },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.columns).toEqual(['Choose at least one column.']);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/exports',
      headers: bearer(agent),
      payload: { columns: ['password_hash'], filters: { status: 7 } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['columns.0', 'filters.status']);
    expect((await get('/api/crm/exports', plain)).statusCode).toBe(403);
  });
});

describe('preview', () => {
  it('auto-matches the columns and answers 10 mapped rows with their errors', async () => {
    const rows = Array.from({ length: 12 }, (_, index) => `Firm ${index},Ann,Lee,512-555-01${10 + index},,,,,,,,`);
    rows[1] = 'Bad Row,,,12345,not-an-email,,Nowhere,,,,,';
    const response = await post('/api/crm/imports/preview', { file: csvFile(`${header}\n${rows.join('\n')}\n`) });
    expect(response.statusCode, response.body).toBe(200);
    const preview = importPreviewSchema.parse(response.json().data);
    expect(preview.header[0]).toBe('Company');
    expect(preview.mapping.company_name).toBe(0);
    expect(preview.mapping.manager_email).toBe(10);
    expect(preview.mapping.zip).toBeNull();
    expect(preview.rows).toHaveLength(10);
    expect(preview.rows[0]).toEqual(
      expect.objectContaining({
        row_number: 2,
        errors: [],
        values: expect.objectContaining({ company_name: 'Firm 0' }),
      }),
    );
    expect(preview.rows[1]!.errors).toEqual([
      "The phone '12345' is not a US number of ten digits.",
      "The email 'not-an-email' is not a valid email address.",
      "Unknown region 'Nowhere'.",
    ]);
    expect(await ctx.db.select().from(crmImports)).toHaveLength(0);
  });

  it('follows a mapping and the header toggle', async () => {
    const response = await post('/api/crm/imports/preview', {
      file: csvFile('x@example.test,Zeta Corp\n'),
      has_header: 'false',
      mapping: JSON.stringify({ company_name: 1, email: 0 }),
    });
    const preview = importPreviewSchema.parse(response.json().data);
    expect(preview.rows).toEqual([
      expect.objectContaining({
        row_number: 1,
        errors: [],
        values: expect.objectContaining({ company_name: 'Zeta Corp', email: 'x@example.test', phone: '' }),
      }),
    ]);
  });
});

describe('import', () => {
  it('skip: dedupes inside the file (first row wins) and against live leads, flags do-not-call, resolves names', async () => {
    const [existing] = await ctx.db
      .insert(crmLeads)
      .values({ companyName: 'Already Here', email: 'Known@Example.test', phone: '(737) 555-0100' })
      .returning();
    await ctx.db.insert(crmDoNotCall).values({ phoneDigits: '5125550177', reason: 'asked' });
    const emit = vi.spyOn(ctx.app.realtime, 'emitToUser');
    const text = [
      header,
      `Alpha Dental,Ann,Ames,(512) 555-0101,ann@alpha.test,Owner,hill country,Dental Offices,Spring Push,Win Back,${agentEmail.toUpperCase()},"Call after 2pm, <b>not</b> before"`,
      'Alpha Again,Bo,,1-512-555-0101,,,,,,,,', // same phone as row 2
      'Beta Law,,,512.555.0177,,,,,,,,', // do-not-call
      'Gamma,,,,known@example.test,,,,,,,', // e-mail of a live lead
      'Delta,,,7375550100 x12,,,,,,,,', // phone of a live lead
      ',,,,,,,,,,,', // blank line: not a row
      'Epsilon,,,,,,Atlantis,,,,,',
      'Zeta,,,,,,,,,Hot,nobody@example.test,',
      ',Only,Names,,,,,,,,,',
    ].join('\r\n');
    const done = await importCsv(text, { manager_id: String(managerId), next_touch: '2026-12-01' });
    expect(done).toEqual(
      expect.objectContaining({
        status: 'done',
        rows_total: 8,
        rows_done: 8,
        rows_created: 2,
        rows_updated: 0,
        rows_skipped: 3,
        rows_failed: 3,
        default_next_touch: '2026-12-01',
        error: null,
      }),
    );
    const leads = await leadsOf(done.id);
    expect(leads.map((lead) => lead.companyName)).toEqual(['Alpha Dental', 'Beta Law']);
    const [alpha, beta] = leads;
    expect(alpha).toEqual(
      expect.objectContaining({
        firstName: 'Ann',
        phone: '(512) 555-0101',
        email: 'ann@alpha.test',
        status: 9,
        campaignId,
        managerId: agentId,
        nextTouch: '2026-12-01',
        doNotCall: false,
        createdBy: managerId,
      }),
    );
    expect(alpha!.regionId).not.toBeNull();
    expect(alpha!.industryId).not.toBeNull();
    expect(beta).toEqual(expect.objectContaining({ doNotCall: true, status: 1, managerId, campaignId: null }));
    const [note] = await ctx.db.select().from(crmLeadNotes).where(eq(crmLeadNotes.leadId, alpha!.id));
    expect(note!.body).toBe('<p>Call after 2pm, &lt;b&gt;not&lt;/b&gt; before</p>');

    const csv = await errorsCsv(done.id);
    expect(csv[0]).toEqual(['Row', 'Message']);
    expect(csv.slice(1).map((row) => [row[0], row[1]])).toEqual([
      ['3', 'Duplicate of row 2 in the file.'],
      ['5', `Duplicate of lead ${existing!.id}.`],
      ['6', `Duplicate of lead ${existing!.id}.`],
      ['7', "Unknown region 'Atlantis'."],
      ['8', "The selected status is invalid: 'Hot'. No agent has the e-mail 'nobody@example.test'."],
      ['9', 'The company field is required.'],
    ]);
    expect(csv[1]!.slice(2, 4)).toEqual(['Alpha Again', 'Bo']);

    const progress = emit.mock.calls.filter(([, event]) => event === 'CrmImportProgress');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.every(([userId]) => userId === managerId)).toBe(true);
    expect(progress.at(-1)![2]).toEqual(expect.objectContaining({ id: done.id, status: 'done', rows_created: 2 }));
    emit.mockRestore();

    const list = await get('/api/crm/imports');
    expect(list.json()).toEqual(expect.objectContaining({ total: 1, current_page: 1 }));
    expect(list.json().data[0]).toEqual(expect.objectContaining({ id: done.id, user_name: 'Ida Importer' }));
  });

  it('fill_empty: the first lead keeps its values and gains the ones it lacks, in the file and in the table', async () => {
    const [existing] = await ctx.db
      .insert(crmLeads)
      .values({ companyName: 'Fill Me', firstName: 'Kept', title: ' ', email: 'fill@example.test' })
      .returning();
    const text = [
      header,
      'Fill Row,Other,Name,512-555-0150,FILL@example.test,CEO,,,,,,',
      'New Co,Nina,,512-555-0151,,,,,,,,',
      'New Co Again,Nils,Nash,(512) 555-0151,nina@new.test,CTO,,,,,,',
    ].join('\n');
    const done = await importCsv(text, { duplicate_policy: 'fill_empty' });
    expect(done).toEqual(
      expect.objectContaining({ rows_created: 1, rows_updated: 2, rows_skipped: 0, rows_failed: 0, rows_total: 3 }),
    );
    const [filled] = await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, existing!.id));
    expect(filled).toEqual(
      expect.objectContaining({
        companyName: 'Fill Me',
        firstName: 'Kept',
        lastName: 'Name',
        title: 'CEO',
        phone: '(512) 555-0150',
        email: 'fill@example.test',
      }),
    );
    const created = await leadsOf(done.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toEqual(
      expect.objectContaining({
        companyName: 'New Co',
        firstName: 'Nina',
        lastName: 'Nash',
        email: 'nina@new.test',
        title: 'CTO',
      }),
    );
  });

  it('create: duplicates in the file and in the table are created anyway', async () => {
    const text = [
      header,
      'Twin One,,,512-555-0160,,,,,,,,',
      'Twin Two,,,5125550160,,,,,,,,',
      'Fill Again,,,512-555-0150,,,,,,,,',
    ].join('\n');
    const done = await importCsv(text, {
      duplicate_policy: 'create',
      default_status: '3',
      campaign_id: String(campaignId),
    });
    expect(done).toEqual(expect.objectContaining({ rows_created: 3, rows_skipped: 0, rows_updated: 0 }));
    const leads = await leadsOf(done.id);
    expect(leads.map((lead) => [lead.companyName, lead.status, lead.campaignId])).toEqual([
      ['Twin One', 3, campaignId],
      ['Twin Two', 3, campaignId],
      ['Fill Again', 3, campaignId],
    ]);
  });

  it('without a header row maps columns by position', async () => {
    const done = await importCsv('Positional Inc,Pat,Post,Boss,512-555-0170\n', { has_header: 'false' });
    expect(done.rows_created).toBe(1);
    const [lead] = await leadsOf(done.id);
    expect(lead).toEqual(
      expect.objectContaining({
        companyName: 'Positional Inc',
        firstName: 'Pat',
        title: 'Boss',
        phone: '(512) 555-0170',
      }),
    );
  });

  it('a missing stored file fails the import with a message, never a crash', async () => {
    const response = await post('/api/crm/imports', { file: csvFile(`${header}\nLost,,,,,,,,,,,\n`) });
    const queued = crmImportSchema.parse(response.json().data);
    await ctx.db
      .update(crmImports)
      .set({ storagePath: 'uploads/crm-imports/missing.csv' })
      .where(eq(crmImports.id, queued.id));
    await runJob(ctx.app, 'crm-imports');
    const failed = crmImportSchema.parse((await get(`/api/crm/imports/${queued.id}`)).json().data);
    expect(failed).toEqual(expect.objectContaining({ status: 'failed', rows_created: 0 }));
    expect(failed.error).toBe('The import failed: the file could not be read.');
    expect(await ctx.db.select().from(crmImportErrors).where(eq(crmImportErrors.importId, queued.id))).toHaveLength(0);
  });
});

describe('an import whose worker died', () => {
  it('resumes after its last committed batch: each lead once, duplicates across the break reported', async () => {
    // 2,500 rows in batches of 1,000 (file rows 2-1001, 1002-2001, 2002-2501); row 1500 has no company, rows 1702
    // and 2202 repeat row 7's e-mail.
    const lines = [header];
    for (let i = 0; i < 2500; i += 1) {
      const email = i === 1700 || i === 2200 ? 'resume5@example.test' : `resume${i}@example.test`;
      lines.push(`${i === 1498 ? '' : `Resume ${i}`},,,,${email},,,,,,,`);
    }
    const response = await post('/api/crm/imports', { file: csvFile(lines.join('\r\n')) });
    expect(response.statusCode, response.body).toBe(201);
    const id = crmImportSchema.parse(response.json().data).id;
    const leadCount = async () =>
      (
        await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(crmLeads)
          .where(eq(crmLeads.importId, id))
      )[0]!.n;

    // Another session holds row 1500's error row (uncommitted): the worker stops inside batch 2, after its leads.
    const blocker = await ctx.pool.connect();
    try {
      await blocker.query('begin');
      await blocker.query(`insert into crm_import_errors (import_id, row_number, message) values ($1, 1500, 'x')`, [
        id,
      ]);
      const running = runQueuedImports(ctx.app);
      let waiting: number | undefined;
      await expect
        .poll(
          async () => {
            await blocker.query('select pg_stat_clear_snapshot()');
            const { rows } = await blocker.query<{ pid: number }>(
              `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
                 and wait_event_type = 'Lock' and query ilike '%crm_import_errors%'`,
            );
            waiting = rows[0]?.pid;
            return waiting;
          },
          { timeout: 60_000, interval: 100 },
        )
        .toBeTypeOf('number');
      // The worker dies there: its connection is cut, as a crashed process's would be.
      await blocker.query('select pg_terminate_backend($1)', [waiting]);
      await blocker.query('rollback');
      expect(await running).toBe(0);

      const [left] = await ctx.db.select().from(crmImports).where(eq(crmImports.id, id));
      expect(left).toEqual(expect.objectContaining({ status: 'running', rowsDone: 1000, rowsCreated: 1000 }));
      expect(await leadCount()).toBe(1000);

      // While a live worker (another process) holds the import's lock, it is not taken over.
      await blocker.query(`select pg_advisory_lock(hashtext('crm_import'), $1)`, [id]);
      expect(await runQueuedImports(ctx.app)).toBe(0);
      await blocker.query(`select pg_advisory_unlock(hashtext('crm_import'), $1)`, [id]);
    } finally {
      blocker.release();
    }

    // Nobody holds it: the next run resumes at row 1002.
    expect(await runQueuedImports(ctx.app)).toBe(1);
    const done = crmImportSchema.parse((await get(`/api/crm/imports/${id}`)).json().data);
    expect(done).toEqual(
      expect.objectContaining({
        status: 'done',
        rows_total: 2500,
        rows_done: 2500,
        rows_created: 2497,
        rows_skipped: 2,
        rows_failed: 1,
        error: null,
      }),
    );
    expect(await leadCount()).toBe(2497);
    const emails = await ctx.db
      .select({ n: sql<number>`count(distinct ${crmLeads.email})::int` })
      .from(crmLeads)
      .where(eq(crmLeads.importId, id));
    expect(emails[0]!.n).toBe(2497);
    expect((await errorsCsv(id)).slice(1).map((row) => [row[0], row[1]])).toEqual([
      ['1500', 'The company field is required.'],
      ['1702', 'Duplicate of row 7 in the file.'],
      ['2202', 'Duplicate of row 7 in the file.'],
    ]);
  }, 120_000);
});

describe('export', () => {
  async function requestExport(token: string, body: Record<string, unknown>) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/exports',
      headers: bearer(token),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return crmExportSchema.parse(response.json().data);
  }

  async function fileOf(id: number, token: string) {
    const response = await get(`/api/crm/exports/${id}/file`, token);
    return response;
  }

  it('writes the filtered leads the user may see, formulas neutralised, announced by FileDownload', async () => {
    await ctx.db.insert(crmLeads).values([
      {
        companyName: '=HYPERLINK("http://evil.test","x")',
        city: '+Austin',
        state: 'TX',
        managerId: agentId,
        status: 1,
      },
      { companyName: 'Agent Two, LLC', firstName: '@Ann', state: 'TX', managerId: agentId, status: 1 },
      { companyName: 'Not Theirs', state: 'TX', managerId, status: 1 },
      { companyName: 'Other State', state: 'CA', managerId: agentId, status: 1 },
    ]);
    const emit = vi.spyOn(ctx.app.realtime, 'emitToUser');
    const queued = await requestExport(agent, {
      filters: { state: 'TX', status: '1' },
      columns: ['company_name', 'first_name', 'city', 'status', 'manager'],
    });
    expect(queued).toEqual(expect.objectContaining({ status: 'queued', file: null, user_id: agentId }));
    expect(queued.filters).toEqual(expect.objectContaining({ state: 'TX', status: 1 }));
    expect(queued.file_name).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    await runJob(ctx.app, 'crm-exports');
    const done = crmExportSchema.parse((await get(`/api/crm/exports/${queued.id}`, agent)).json().data);
    expect(done).toEqual(expect.objectContaining({ status: 'done', rows: 2 }));
    expect(done.file).toMatch(/^uploads\/crm-exports\/[0-9a-f]{32}\.csv$/);
    expect(new Date(done.expires_at!).getTime() - new Date(done.finished_at!).getTime()).toBe(24 * 3_600_000);

    const file = await fileOf(done.id, agent);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${done.file_name}"`);
    expect(file.body).toBe(
      [
        'Company,First Name,City,Status,Manager',
        `"'=HYPERLINK(""http://evil.test"",""x"")",,"'+Austin",Prospect,Sam Seller`,
        `"Agent Two, LLC","'@Ann",,Prospect,Sam Seller`,
        '',
      ].join('\r\n'),
    );
    expect(emit).toHaveBeenCalledWith(agentId, 'FileDownload', {
      file: done.file,
      name: done.file_name,
      disk: 'local',
    });
    emit.mockRestore();

    // The owner only: another user's GETs and POST /api/download are 404.
    expect((await fileOf(done.id, manager)).statusCode).toBe(404);
    expect((await get(`/api/crm/exports/${done.id}`, manager)).statusCode).toBe(404);
    const download = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/download',
        headers: bearer(token),
        payload: { file: done.file, name: 'x.csv', disk: 'local' },
      });
    expect((await download(manager)).statusCode).toBe(404);
    const own = await download(agent);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(file.body);
    const [logged] = await ctx.db.select().from(crmExports).where(eq(crmExports.id, done.id));
    expect(logged).toEqual(expect.objectContaining({ userId: agentId, rows: 2 }));
    expect((await get('/api/crm/exports', agent)).json().data[0].id).toBe(done.id);
  });

  it('a manager (or view_all_leads) exports every lead of the filter; the file goes after 24 hours', async () => {
    const queued = await requestExport(manager, {
      filters: { state: 'TX', q: 'Not Theirs' },
      columns: ['company_name'],
    });
    await runJob(ctx.app, 'crm-exports');
    const file = await fileOf(queued.id, manager);
    expect(file.body).toBe('Company\r\nNot Theirs\r\n');

    await ctx.db.update(crmSettings).set({ viewAllLeads: true });
    const all = await requestExport(agent, { filters: { state: 'TX', status: 2 }, columns: ['id'] });
    await runJob(ctx.app, 'crm-exports');
    expect(crmExportSchema.parse((await get(`/api/crm/exports/${all.id}`, agent)).json().data).rows).toBe(3);
    await ctx.db.update(crmSettings).set({ viewAllLeads: false });

    expect(await removeExpiredExports(ctx.app, new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    expect(await removeExpiredExports(ctx.app, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(2);
    expect((await fileOf(queued.id, manager)).statusCode).toBe(404);
    const expired = crmExportSchema.parse((await get(`/api/crm/exports/${queued.id}`, manager)).json().data);
    expect(expired).toEqual(expect.objectContaining({ status: 'expired', file: null, rows: 1 }));
  });

  it('writes the leads in id order, a page at a time after the last id written, each lead once', async () => {
    const made = await ctx.db
      .insert(crmLeads)
      .values(
        ['Keyset A', 'Keyset B', 'Keyset C', 'Keyset D', 'Keyset E'].map((name) => ({
          companyName: name,
          state: 'OK',
        })),
      )
      .returning({ id: crmLeads.id });
    // An update writes the row anew at the end of the table: read without an order, it would come last.
    await ctx.db.update(crmLeads).set({ city: 'Tulsa' }).where(eq(crmLeads.id, made[0]!.id));
    const queued = await requestExport(manager, { filters: { state: 'OK' }, columns: ['id', 'company_name'] });
    await runQueuedExports(ctx.app, 2);
    const file = await fileOf(queued.id, manager);
    const rows = parseCsv(file.body).slice(1);
    expect(rows.map((row) => Number(row[0]))).toEqual(made.map((lead) => lead.id));
    expect(rows.map((row) => row[1])).toEqual(['Keyset A', 'Keyset B', 'Keyset C', 'Keyset D', 'Keyset E']);
    expect(crmExportSchema.parse((await get(`/api/crm/exports/${queued.id}`)).json().data).rows).toBe(5);

    // Pages that end exactly at the last lead, and columns without the id: the same leads, once each.
    await ctx.db.delete(crmLeads).where(eq(crmLeads.id, made[4]!.id));
    const names = await requestExport(manager, { filters: { state: 'OK' }, columns: ['company_name'] });
    await runQueuedExports(ctx.app, 2);
    expect((await fileOf(names.id, manager)).body).toBe('Company\r\nKeyset A\r\nKeyset B\r\nKeyset C\r\nKeyset D\r\n');
  });

  it('an exporter who lost view crm gets a failed export, not a file', async () => {
    const queued = await requestExport(agent, { columns: ['id'] });
    await ctx.db.execute(sql`delete from user_permissions where user_id = ${agentId}`);
    await runJob(ctx.app, 'crm-exports');
    const [row] = await ctx.db.select().from(crmExports).where(eq(crmExports.id, queued.id));
    expect(row).toEqual(expect.objectContaining({ status: 'failed', storagePath: null, error: 'The export failed.' }));
  });
});
