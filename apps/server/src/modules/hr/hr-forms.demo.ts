import { hrFormFieldsSchema, type HrFormFieldInput, type HrFormKind } from '@switchboard/shared/hr/forms';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { addDays, contentSha256, todayUtc } from './hr-forms.service.ts';
import { hrFormAssignments, hrForms, hrFormSubmissions, hrFormVersions } from './hr-forms.table.ts';

// HR forms demo data (designs/hr.md §3 seeds): Handbook, Security Policy and Emergency Contact, published as version 1,
// assigned to every employee, and signed by some of them. db/seed/demo.ts calls it after the employees exist; a form
// already there (by title) is left alone, so the seed can run again.

interface DemoForm {
  title: string;
  description: string;
  kind: HrFormKind;
  bodyHtml: string;
  fields: HrFormFieldInput[];
  dueDays: number | null;
  renewMonths: number | null;
  /** Every n-th employee has signed it. */
  signedEvery: number;
  values: (index: number) => Record<string, unknown>;
}

const demoForms: DemoForm[] = [
  {
    title: 'Employee Handbook',
    description: 'Our working hours, time off, conduct and benefits.',
    kind: 'acknowledgement',
    bodyHtml:
      '<h2>Welcome</h2><p>This handbook describes how we work together: hours, time off, conduct and benefits.</p>' +
      '<h2>Time off</h2><p>Request time off in Switchboard under HR, Requests, as early as you can.</p>' +
      '<h2>Conduct</h2><p>Treat clients and colleagues with respect. Report concerns to HR or anonymously.</p>',
    fields: [],
    dueDays: 14,
    renewMonths: null,
    signedEvery: 1,
    values: () => ({}),
  },
  {
    title: 'Security Policy',
    description: 'Acceptable use and information security, signed every year.',
    kind: 'both',
    bodyHtml:
      '<p>Client data stays on managed devices.</p><ul><li>Lock your screen when you step away.</li>' +
      '<li>Use the password manager and multi-factor authentication everywhere.</li>' +
      '<li>Report a lost device or a suspicious e-mail to the security team at once.</li></ul>',
    fields: [
      { key: 'laptop_tag', kind: 'short_text', label: 'Laptop asset tag', required: true, max_length: 20 },
      { key: 'mfa_phone', kind: 'yes_no', label: 'Multi-factor authentication is set up on my phone', required: true },
    ],
    dueDays: 30,
    renewMonths: 12,
    signedEvery: 2,
    values: (index) => ({ laptop_tag: `LT-${1000 + index}`, mfa_phone: true }),
  },
  {
    title: 'Emergency Contact',
    description: 'Who we call if something happens to you at work.',
    kind: 'fillable',
    bodyHtml: '',
    fields: [
      { key: 'contact_name', kind: 'short_text', label: 'Contact name', required: true },
      {
        key: 'relationship',
        kind: 'select',
        label: 'Relationship',
        required: true,
        options: ['Spouse or partner', 'Parent', 'Sibling', 'Friend', 'Other'],
      },
      { key: 'phone', kind: 'short_text', label: 'Phone number', required: true, max_length: 30 },
      { key: 'notes', kind: 'long_text', label: 'Anything we should know', max_length: 1000 },
    ],
    dueDays: 7,
    renewMonths: null,
    signedEvery: 3,
    values: (index) => ({
      contact_name: `Contact ${index + 1}`,
      relationship: 'Spouse or partner',
      phone: `(555) 010-${String(1000 + index).slice(-4)}`,
      notes: null,
    }),
  },
];

export async function seedHrFormsDemo(tx: Transaction): Promise<void> {
  const staff = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.type, 'Employee'), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  if (staff.length === 0) return;
  const existing = await tx
    .select({ title: hrForms.title })
    .from(hrForms)
    .where(
      inArray(
        hrForms.title,
        demoForms.map((form) => form.title),
      ),
    );
  const seeded = new Set(existing.map((row) => row.title));
  const today = todayUtc();
  for (const demo of demoForms) {
    if (seeded.has(demo.title)) continue;
    const fields = hrFormFieldsSchema.parse(demo.fields);
    const [form] = await tx
      .insert(hrForms)
      .values({
        title: demo.title,
        description: demo.description,
        kind: demo.kind,
        bodyHtml: demo.bodyHtml,
        fields,
        dueDays: demo.dueDays,
        renewMonths: demo.renewMonths,
        audience: { everyone: true, department_ids: [], region_ids: [], user_ids: [], new_hires: true },
        audienceSavedAt: new Date(),
        createdBy: staff[0]!.id,
      })
      .returning();
    const hash = contentSha256({ ...demo, fields, fileSha256: null });
    const [version] = await tx
      .insert(hrFormVersions)
      .values({
        formId: form!.id,
        version: 1,
        title: demo.title,
        kind: demo.kind,
        bodyHtml: demo.bodyHtml,
        fields,
        contentSha256: hash,
        requireResign: false,
        publishedBy: staff[0]!.id,
      })
      .returning();
    await tx.update(hrForms).set({ currentVersionId: version!.id }).where(eq(hrForms.id, form!.id));
    const dueOn = demo.dueDays === null ? null : addDays(today, demo.dueDays);
    const assignments = await tx
      .insert(hrFormAssignments)
      .values(staff.map((person) => ({ formId: form!.id, userId: person.id, versionId: version!.id, dueOn })))
      .returning({ id: hrFormAssignments.id, userId: hrFormAssignments.userId });
    const signers = assignments.filter((_, index) => index % demo.signedEvery === 0);
    if (signers.length === 0) continue;
    const nameOf = new Map(staff.map((person) => [person.id, person.name]));
    await tx.insert(hrFormSubmissions).values(
      signers.map((assignment, index) => ({
        assignmentId: assignment.id,
        formId: form!.id,
        versionId: version!.id,
        userId: assignment.userId,
        values: demo.values(index),
        acknowledged: demo.kind !== 'fillable',
        signedName: nameOf.get(assignment.userId)!,
        timeZone: 'America/New_York',
        ipAddress: `10.0.0.${(index % 200) + 10}`,
        userAgent: 'Mozilla/5.0 (demo seed)',
        sha256: hash,
      })),
    );
    await tx.execute(sql`
      update ${hrFormAssignments} set submission_id = s.id from ${hrFormSubmissions} s
      where s.assignment_id = ${hrFormAssignments.id} and ${hrFormAssignments.formId} = ${form!.id}`);
  }
}
