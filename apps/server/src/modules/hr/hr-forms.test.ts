import { userChannel } from '@switchboard/shared';
import {
  hrFormDetailResponseSchema,
  hrFormListResponseSchema,
  hrFormMessages,
  hrFormMineListResponseSchema,
  hrFormSubmissionResponseSchema,
  hrFormSubmissionsResponseSchema,
  hrFormSubmitResponseSchema,
} from '@switchboard/shared/hr/forms';
import { parseCsv } from '@switchboard/shared/csv';
import { NOTIFICATION_HR_FORM } from '@switchboard/shared/notification-types';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { outbox } from '../mail/mail.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { regions } from '../reference/reference.table.ts';
import { employees } from '../users/employees.table.ts';
import { runJob } from '../../plugins/jobs.ts';
import { HR_FORM_JOBS } from './hr-forms.routes.ts';
import { assignNewHires, renewExpiredSignatures } from './hr-forms.service.ts';
import { hrFormAssignments, hrFormSubmissions, hrFormVersions } from './hr-forms.table.ts';

// HR forms (designs/hr.md §3, §8, §9): every gate ('manage hr forms', the signer, another employee, a client account),
// the messages, versions and submissions that never change, and the signed PDF for its signer only.

let ctx: TestContext;
let hr: string;
let ann: string;
let bob: string;
let client: string;
let annId: number;
let bobId: number;
const TECH = 1;
const SALES = 3;

beforeAll(async () => {
  ctx = await createTestContext();
  const manager = await createUser(ctx.db, { name: 'Helen Hart', permissions: ['manage hr forms'] });
  hr = (await login(ctx.app, manager.email, manager.password)).access_token;
  const signer = await createUser(ctx.db, { name: 'Ann Lee', departments: [TECH] });
  annId = signer.id;
  ann = (await login(ctx.app, signer.email, signer.password)).access_token;
  const other = await createUser(ctx.db, { name: 'Bob Stone', departments: [SALES] });
  bobId = other.id;
  bob = (await login(ctx.app, other.email, other.password)).access_token;
  const account = await createUser(ctx.db, { type: 'Client' });
  client = (await login(ctx.app, account.email, account.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = hr) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: { ...bearer(as), 'user-agent': 'vitest-agent' }, payload });

const policy = {
  title: 'Security Policy',
  description: 'How we keep client data safe.',
  kind: 'both',
  body_html: '<p>Lock your screen.</p><script>alert(1)</script>',
  fields: [
    { key: 'intro', kind: 'heading', label: 'Your devices' },
    { key: 'laptop_tag', kind: 'short_text', label: 'Laptop asset tag', required: true, max_length: 20 },
    { key: 'mfa', kind: 'yes_no', label: 'MFA on your phone', required: true },
  ],
};

async function createPublished(body: object = policy): Promise<number> {
  const created = await call('POST', '/hr/forms', body);
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.id as number;
  const published = await call('POST', `/hr/forms/${id}/publish`, { require_resign: false });
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

const detailOf = async (id: number, as = hr) =>
  hrFormDetailResponseSchema.parse((await call('GET', `/hr/forms/${id}`, undefined, as)).json()).data;

describe('gates', () => {
  it("needs 'manage hr forms' to build, list all and read answers; clients get 403 everywhere", async () => {
    expect((await call('POST', '/hr/forms', policy, ann)).statusCode).toBe(403);
    expect((await call('GET', '/hr/forms?scope=all', undefined, ann)).statusCode).toBe(403);
    expect((await call('GET', '/hr/forms?scope=mine', undefined, client)).statusCode).toBe(403);
    expect((await call('POST', '/hr/forms/1/submit', {}, client)).statusCode).toBe(403);
    expect((await call('GET', '/pdf/hr_form/1', undefined, client)).statusCode).toBe(403);
    expect((await call('GET', '/hr/forms/1/submissions', undefined, ann)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/hr/forms' })).statusCode).toBe(401);
    const mine = await call('GET', '/hr/forms', undefined, ann);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(hrFormMineListResponseSchema.parse(mine.json()).total).toBe(0);
  });
});

describe('drafts and versions', () => {
  it('validates with per-field messages', async () => {
    const bad = await call('POST', '/hr/forms', {
      title: ' ',
      kind: 'memo',
      fields: [{ key: 'size', kind: 'select', label: 'Size', options: [] }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.title).toEqual([hrFormMessages.titleRequired]);
    expect(bad.json().errors.kind).toEqual(['Choose what kind of form this is.']);
    expect(bad.json().errors['fields.0.options']).toEqual([hrFormMessages.optionsRequired]);
    const empty = (await call('POST', '/hr/forms', { title: 'Empty', kind: 'acknowledgement' })).json().data.id;
    const publishing = await call('POST', `/hr/forms/${empty}/publish`, { require_resign: false });
    expect(publishing.statusCode).toBe(422);
    expect(publishing.json().message).toBe(hrFormMessages.emptyForm);
    const assigning = await call('POST', `/hr/forms/${empty}/assign`, { audience: { everyone: true } });
    expect(assigning.json().errors.audience).toEqual([hrFormMessages.notPublished]);
    const nobody = await call('POST', `/hr/forms/${empty}/assign`, { audience: {} });
    expect(nobody.json().errors.audience).toEqual([hrFormMessages.audienceRequired]);
    expect((await call('PUT', '/hr/forms/999999', policy)).statusCode).toBe(404);
  });

  it('sanitises the body, freezes a version on publish and never changes it', async () => {
    const created = await call('POST', '/hr/forms', policy);
    expect(created.json().message).toBe(hrFormMessages.created);
    const id = created.json().data.id;
    expect(created.json().data.draft.body_html).toBe('<p>Lock your screen.</p>');
    const published = await call('POST', `/hr/forms/${id}/publish`, { require_resign: true });
    expect(published.json().message).toBe('Version 1 published.');
    const v1 = published.json().data.current_version;
    expect(v1).toMatchObject({ version: 1, require_resign: false, published_by: { name: 'Helen Hart' } });
    expect(v1.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(published.json().data.has_unpublished_changes).toBe(false);

    const edited = await call('PUT', `/hr/forms/${id}`, { ...policy, body_html: '<p>Lock it always.</p>' });
    expect(edited.json().message).toBe(hrFormMessages.saved);
    const after = await detailOf(id);
    expect(after.current_version).toEqual(v1);
    expect(after.draft?.body_html).toBe('<p>Lock it always.</p>');
    expect(after.has_unpublished_changes).toBe(true);
    await expect(
      ctx.db.update(hrFormVersions).set({ bodyHtml: 'forged' }).where(eq(hrFormVersions.id, v1.id)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(hrFormVersions).where(eq(hrFormVersions.id, v1.id))).rejects.toThrow();
    const v2 = (await call('POST', `/hr/forms/${id}/publish`, { require_resign: false })).json().data;
    expect(v2.current_version.version).toBe(2);
    expect(v2.current_version.content_sha256).not.toBe(v1.content_sha256);
    expect(v2.versions.map((row: { version: number }) => row.version)).toEqual([2, 1]);
  });

  it('takes an uploaded PDF as the body, not both', async () => {
    const body = await multipartBody({
      file: { blob: new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }), name: 'aup.pdf' },
    });
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/hr/forms/files',
      headers: { ...bearer(hr), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = uploaded.json().data.id;
    const both = await call('POST', '/hr/forms', { ...policy, file_id: fileId });
    expect(both.json().errors.file_id).toEqual([hrFormMessages.bodyOrFile]);
    const pdf = await call('POST', '/hr/forms', { ...policy, body_html: '', file_id: fileId });
    expect(pdf.json().data.draft.file).toMatchObject({ id: fileId, name: 'aup.pdf' });
    expect((await call('GET', `/hr/forms/files/${fileId}`, undefined, bob)).statusCode).toBe(404);
    expect((await call('GET', `/hr/forms/files/${fileId}`)).headers['content-type']).toBe('application/pdf');
  });
});

describe('assigning and signing', () => {
  let formId: number;
  let versionId: number;
  let submissionId: number;

  it('assigns by department, tells the assignee, and hides the form from others', async () => {
    formId = await createPublished();
    const emit = vi.spyOn(ctx.app.realtime, 'emitToChannel');
    const assigned = await call('POST', `/hr/forms/${formId}/assign`, {
      audience: { department_ids: [TECH] },
      due_days: 14,
    });
    expect(assigned.json()).toEqual({ message: 'Assigned to 1 person.', data: { count: 1 } });
    expect(emit).toHaveBeenCalledWith(
      userChannel(annId),
      'HrFormAssigned',
      expect.objectContaining({ form_id: formId, title: 'Security Policy' }),
    );
    emit.mockRestore();
    const bell = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, annId), eq(notifications.type, NOTIFICATION_HR_FORM)));
    expect(bell.map((row) => row.numberDetails)).toEqual([String(formId)]);
    const again = await call('POST', `/hr/forms/${formId}/assign`, { audience: { department_ids: [TECH] } });
    expect(again.json().message).toBe('Assigned to 0 people.');

    const mine = hrFormMineListResponseSchema.parse((await call('GET', '/hr/forms?scope=mine', undefined, ann)).json());
    expect(mine.data.map((row) => [row.id, row.assignment.status])).toEqual([[formId, 'outstanding']]);
    const toSign = await call('GET', '/hr/forms?scope=mine&status=outstanding&per_page=1', undefined, ann);
    expect(hrFormMineListResponseSchema.parse(toSign.json()).total).toBe(1);
    expect((await call('GET', '/hr/forms?scope=mine&status=signed', undefined, ann)).statusCode).toBe(422);
    const detail = await detailOf(formId, ann);
    expect(detail.can_manage).toBe(false);
    expect(detail.draft).toBeNull();
    expect(detail.my_version?.body_html).toBe('<p>Lock your screen.</p>');
    versionId = detail.my_version!.id;
    expect((await call('GET', `/hr/forms/${formId}`, undefined, bob)).statusCode).toBe(404);
  });

  it('refuses a wrong name, a missing tick, bad answers and a stale version with their messages', async () => {
    const wrong = await call(
      'POST',
      `/hr/forms/${formId}/submit`,
      {
        version_id: versionId,
        values: { laptop_tag: 'x'.repeat(21) },
        acknowledged: false,
        signed_name: 'Bob Stone',
      },
      ann,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      signed_name: ['The signature must match your name.'],
      acknowledged: [hrFormMessages.acknowledgeRequired],
      'values.laptop_tag': [hrFormMessages.fieldTooLong('Laptop asset tag', 20)],
      'values.mfa': [hrFormMessages.fieldRequired('MFA on your phone')],
    });
    const stale = await call(
      'POST',
      `/hr/forms/${formId}/submit`,
      {
        version_id: versionId + 1000,
        values: {},
        signed_name: 'Ann Lee',
      },
      ann,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(hrFormMessages.staleVersion);
    const notMine = await call(
      'POST',
      `/hr/forms/${formId}/submit`,
      {
        version_id: versionId,
        values: { laptop_tag: 'LT-1', mfa: true },
        acknowledged: true,
        signed_name: 'Bob Stone',
      },
      bob,
    );
    expect(notMine.statusCode).toBe(404);
  });

  it('stores the signed record with its evidence, once, and never changes it', async () => {
    const signed = await call(
      'POST',
      `/hr/forms/${formId}/submit`,
      {
        version_id: versionId,
        values: { laptop_tag: ' LT-1042 ', mfa: false, unknown: 'dropped' },
        acknowledged: true,
        signed_name: 'ann lee',
      },
      ann,
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const body = hrFormSubmitResponseSchema.parse(signed.json());
    expect(body.message).toBe(hrFormMessages.submitted);
    expect(body.data).toMatchObject({
      values: { laptop_tag: 'LT-1042', mfa: false },
      signed_name: 'ann lee',
      user: { id: annId, name: 'Ann Lee' },
      user_agent: 'vitest-agent',
      time_zone: 'UTC',
      version: 1,
    });
    expect(body.data.ip_address).toBeTruthy();
    expect(body.data.sha256).toBe((await detailOf(formId)).current_version!.content_sha256);
    submissionId = body.data.id;
    // Signed: still in Ann's list, no longer among the forms to sign.
    const toSign = await call('GET', '/hr/forms?scope=mine&status=outstanding', undefined, ann);
    expect(hrFormMineListResponseSchema.parse(toSign.json()).total).toBe(0);
    const all = await call('GET', '/hr/forms?scope=mine', undefined, ann);
    expect(hrFormMineListResponseSchema.parse(all.json()).total).toBe(1);
    const twice = await call(
      'POST',
      `/hr/forms/${formId}/submit`,
      {
        version_id: versionId,
        values: { laptop_tag: 'LT-1', mfa: true },
        acknowledged: true,
        signed_name: 'Ann Lee',
      },
      ann,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(hrFormMessages.alreadySigned);
    await expect(
      ctx.db.update(hrFormSubmissions).set({ signedName: 'forged' }).where(eq(hrFormSubmissions.id, submissionId)),
    ).rejects.toThrow();
  });

  it('lets only the signer and HR read the submission and its PDF', async () => {
    const own = await call('GET', `/hr/forms/submissions/${submissionId}`, undefined, ann);
    expect(hrFormSubmissionResponseSchema.parse(own.json()).data.id).toBe(submissionId);
    expect((await call('GET', `/hr/forms/submissions/${submissionId}`)).statusCode).toBe(200);
    expect((await call('GET', `/hr/forms/submissions/${submissionId}`, undefined, bob)).statusCode).toBe(404);

    const pdf = await call('GET', `/pdf/hr_form/${submissionId}`, undefined, ann);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('GET', `/pdf/hr_form/${submissionId}`, undefined, bob)).statusCode).toBe(404);
    expect((await call('GET', `/pdf/hr_form/${submissionId}`)).statusCode).toBe(200);
    const revisions = await call('GET', `/revisions/hr_form/${submissionId}`, undefined, ann);
    expect(revisions.json().data.map((row: { label: string }) => row.label)).toEqual(['00']);
    expect((await call('GET', `/pdf/hr_form/${submissionId}/0`, undefined, ann)).statusCode).toBe(200);
    expect((await call('GET', `/pdf/hr_form/${submissionId}/0`, undefined, bob)).statusCode).toBe(404);
    expect((await call('GET', `/revisions/hr_form/${submissionId}`, undefined, bob)).statusCode).toBe(404);

    expect((await call('GET', `/pdf/hr_form_version/${versionId}`, undefined, ann)).statusCode).toBe(200);
    expect((await call('GET', `/pdf/hr_form_version/${versionId}`, undefined, bob)).statusCode).toBe(404);
  });

  it('shows HR the completion, the outstanding and a CSV equal to the table', async () => {
    await call('POST', `/hr/forms/${formId}/assign`, { audience: { user_ids: [bobId] } });
    const list = hrFormListResponseSchema.parse((await call('GET', '/hr/forms?scope=all&search=Security')).json());
    const row = list.data.find((item) => item.id === formId)!;
    expect(row).toMatchObject({ assigned: 2, completed: 1, completion: '1 / 2' });
    const outstanding = hrFormSubmissionsResponseSchema.parse(
      (await call('GET', `/hr/forms/${formId}/submissions?status=outstanding`)).json(),
    );
    expect(outstanding.data.map((item) => item.user.name)).toEqual(['Bob Stone']);
    const all = hrFormSubmissionsResponseSchema.parse((await call('GET', `/hr/forms/${formId}/submissions`)).json());
    const csv = await call('GET', `/hr/forms/${formId}/submissions?format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(csv.body).filter((cells) => cells.some((cell) => cell !== ''));
    expect(rows[0]).toEqual([
      'Name',
      'Status',
      'Version',
      'Assigned',
      'Due',
      'Signed at',
      'Signed name',
      'Laptop asset tag',
      'MFA on your phone',
    ]);
    expect(rows.slice(1).map((cells) => [cells[0], cells[1], cells[6], cells[7], cells[8]])).toEqual(
      all.data.map((item) => [
        item.user.name,
        item.status,
        item.signed_name ?? '',
        (item.values?.laptop_tag as string | undefined) ?? '',
        item.values ? (item.values.mfa ? 'Yes' : 'No') : '',
      ]),
    );
  });

  it('reminds all outstanding by notification and mail', async () => {
    const before = (await ctx.db.select().from(outbox)).length;
    const reminded = await call('POST', `/hr/forms/${formId}/remind`);
    expect(reminded.json()).toEqual({ message: 'Reminders sent to 1 person.', data: { count: 1 } });
    await vi.waitFor(async () => expect((await ctx.db.select().from(outbox)).length).toBe(before + 1));
    expect((await call('POST', `/hr/forms/${formId}/remind`, undefined, ann)).statusCode).toBe(403);
  });

  it('asks the signers again when a new version requires it, keeping the old record', async () => {
    await call('PUT', `/hr/forms/${formId}`, { ...policy, body_html: '<p>Lock your screen, always.</p>' });
    const v2 = await call('POST', `/hr/forms/${formId}/publish`, { require_resign: true });
    expect(v2.json().data.current_version).toMatchObject({ version: 2, require_resign: true });
    const mine = hrFormMineListResponseSchema.parse((await call('GET', '/hr/forms?scope=mine', undefined, ann)).json());
    expect(mine.data[0]!.assignment).toMatchObject({ status: 'outstanding', version: 2 });
    expect((await call('GET', `/pdf/hr_form/${submissionId}`, undefined, ann)).statusCode).toBe(200);
    // Bob had not signed: his assignment moved to version 2.
    const bobs = await ctx.db
      .select({ version: hrFormVersions.version })
      .from(hrFormAssignments)
      .innerJoin(hrFormVersions, eq(hrFormVersions.id, hrFormAssignments.versionId))
      .where(and(eq(hrFormAssignments.userId, bobId), sql`${hrFormAssignments.supersededAt} is null`));
    expect(bobs).toEqual([{ version: 2 }]);
  });
});

describe('file answers', () => {
  const upload = async (as: string) => {
    const body = await multipartBody({ file: { blob: new Blob(['id card'], { type: 'image/png' }), name: 'id.png' } });
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/hr/forms/files',
      headers: { ...bearer(as), ...body.headers },
      payload: body.payload,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as { id: number; name: string };
  };

  it('take only a file the signer uploaded, which HR and the signer can then open', async () => {
    const formId = await createPublished({
      title: 'ID Copy',
      kind: 'fillable',
      fields: [{ key: 'id_copy', kind: 'file', label: 'ID copy', required: true }],
    });
    await call('POST', `/hr/forms/${formId}/assign`, { audience: { user_ids: [annId] } });
    const versionId = (await detailOf(formId, ann)).my_version!.id;
    const bobs = await upload(bob);
    const sign = (file: { id: number; name: string }) =>
      call(
        'POST',
        `/hr/forms/${formId}/submit`,
        { version_id: versionId, values: { id_copy: { file_id: file.id, name: file.name } }, signed_name: 'Ann Lee' },
        ann,
      );
    const foreign = await sign(bobs);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['values.id_copy']).toEqual([hrFormMessages.unknownFile]);
    const own = await upload(ann);
    expect((await sign(own)).statusCode).toBe(200);
    expect((await call('GET', `/hr/forms/files/${own.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/hr/forms/files/${own.id}`, undefined, bob)).statusCode).toBe(404);
  });
});

describe('archiving', () => {
  it('hides an archived form from its assignee and refuses signing until restored', async () => {
    const formId = await createPublished({ ...policy, title: 'Old Remote Work' });
    await call('POST', `/hr/forms/${formId}/assign`, { audience: { user_ids: [annId] } });
    const versionId = (await detailOf(formId, ann)).my_version!.id;
    expect((await call('POST', `/hr/forms/${formId}/archive`, { archived: true }, ann)).statusCode).toBe(403);
    const archived = await call('POST', `/hr/forms/${formId}/archive`, { archived: true });
    expect(archived.json().message).toBe(hrFormMessages.archivedDone);
    expect(archived.json().data.archived_at).not.toBeNull();
    expect((await call('GET', `/hr/forms/${formId}`, undefined, ann)).statusCode).toBe(404);
    const mine = hrFormMineListResponseSchema.parse((await call('GET', '/hr/forms', undefined, ann)).json());
    expect(mine.data.map((row) => row.id)).not.toContain(formId);
    const listed = hrFormListResponseSchema.parse((await call('GET', '/hr/forms?scope=all&archived=1')).json());
    expect(listed.data.map((row) => row.id)).toEqual([formId]);
    const signing = { version_id: versionId, values: { laptop_tag: 'LT-9', mfa: true }, acknowledged: true };
    expect(
      (await call('POST', `/hr/forms/${formId}/submit`, { ...signing, signed_name: 'Ann Lee' }, ann)).statusCode,
    ).toBe(404);
    const restored = await call('POST', `/hr/forms/${formId}/archive`, { archived: false });
    expect(restored.json().message).toBe(hrFormMessages.restored);
    expect(
      (await call('POST', `/hr/forms/${formId}/submit`, { ...signing, signed_name: 'Ann Lee' }, ann)).statusCode,
    ).toBe(200);
  });
});

describe('jobs', () => {
  it('renews signatures older than renew_months and assigns new hires', async () => {
    const formId = await createPublished({ ...policy, title: 'Yearly Security' });
    await call('POST', `/hr/forms/${formId}/assign`, {
      audience: { region_ids: [], user_ids: [annId], new_hires: true },
      renew_months: 12,
    });
    const versionId = (await detailOf(formId, ann)).my_version!.id;
    const signed = await call(
      'POST',
      `/hr/forms/${formId}/submit`,
      {
        version_id: versionId,
        values: { laptop_tag: 'LT-7', mfa: true },
        acknowledged: true,
        signed_name: 'Ann Lee',
      },
      ann,
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await renewExpiredSignatures(ctx.db, '2026-01-01')).toEqual([]);
    const renewed = await renewExpiredSignatures(ctx.db, '2099-01-01');
    expect(renewed.map((notice) => [notice.userId, notice.formId])).toEqual([[annId, formId]]);

    const [region] = await ctx.db.insert(regions).values({ name: 'Forms North' }).returning();
    const hire = await createUser(ctx.db, { name: 'Nina New' });
    await ctx.db.update(employees).set({ regionId: region!.id }).where(eq(employees.userId, hire.id));
    const hires = await assignNewHires(ctx.db);
    expect(hires.filter((notice) => notice.formId === formId).map((notice) => notice.userId)).toEqual([hire.id]);
    expect(await assignNewHires(ctx.db)).toEqual([]);
    // The scheduled jobs run their handlers without error.
    for (const name of Object.values(HR_FORM_JOBS)) await runJob(ctx.app, name);
  });
});

describe('new hires (the employeeCreated domain event)', () => {
  it('get the forms meant for them in the transaction that creates them, without waiting for the job', async () => {
    const everyone = await createPublished({ ...policy, title: 'Handbook for new hires' });
    await call('POST', `/hr/forms/${everyone}/assign`, { audience: { user_ids: [annId], new_hires: true } });
    const salesOnly = await createPublished({ ...policy, title: 'Sales playbook' });
    await call('POST', `/hr/forms/${salesOnly}/assign`, { audience: { department_ids: [SALES], new_hires: true } });
    const notForHires = await createPublished({ ...policy, title: 'Named people only' });
    await call('POST', `/hr/forms/${notForHires}/assign`, { audience: { user_ids: [bobId] } });

    const admin = await createUser(ctx.db, { name: 'Ada Admin', role: 'admin' });
    const adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
    const created = await call(
      'POST',
      '/user',
      { name: 'Hugo Hire', email: 'hugo.hire@example.test', password: 'Secret-Pass-123', type: 'user' },
      adminToken,
    );
    expect(created.statusCode, created.body).toBe(200);
    const hugoId = created.json().data.id as number;

    const assigned = await ctx.db
      .select({ formId: hrFormAssignments.formId })
      .from(hrFormAssignments)
      .where(eq(hrFormAssignments.userId, hugoId));
    // (An earlier test's form for all new hires reaches them too.)
    const formIds = assigned.map((row) => row.formId);
    expect(formIds).toContain(everyone);
    expect(formIds).not.toContain(salesOnly);
    expect(formIds).not.toContain(notForHires);
    const bell = await ctx.db
      .select({ type: notifications.type, numberDetails: notifications.numberDetails })
      .from(notifications)
      .where(eq(notifications.userId, hugoId));
    expect(bell).toHaveLength(formIds.length);
    expect(bell).toContainEqual({ type: NOTIFICATION_HR_FORM, numberDetails: String(everyone) });
    // The hourly job, the catch-up, finds nothing more to give them.
    const caughtUp = await assignNewHires(ctx.db);
    expect(caughtUp.filter((notice) => notice.userId === hugoId)).toEqual([]);
  });
});
