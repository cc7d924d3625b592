import { z } from 'zod';

/** Permission groups of spec 1 §3.6; null is the general group. */
export const permissionTypes = ['admin', 'calendar', 'hr', 'crm', 'reports', 'billing'] as const;
export type PermissionType = (typeof permissionTypes)[number];

export interface PermissionDefinition {
  name: string;
  description: string;
  permissionType: PermissionType | null;
}

/** Every permission name of spec 1 §3.6. Routes and navigation gate on these exact names. */
export const permissionDefinitions = [
  { name: 'view dashboard', description: 'Open the dashboard and its section button.', permissionType: null },
  { name: 'view chat', description: 'Use chat, resources and maintenance.', permissionType: null },
  { name: 'edit tech resources', description: 'Edit the tech resources of a company.', permissionType: null },
  { name: 'view calendar', description: 'Open the calendar.', permissionType: 'calendar' },
  { name: 'view human resources', description: 'Open the HR section.', permissionType: 'hr' },
  { name: 'view hr calendar', description: 'Open the HR calendar.', permissionType: 'hr' },
  // Decision 0104 (designs/hr.md §8): HR's own rights beside the spec's two.
  {
    name: 'approve hr requests',
    description: 'Approve requests at the HR stage (or any stage), cancel and return early.',
    permissionType: 'hr',
  },
  { name: 'manage hr forms', description: 'Build, publish and assign HR forms.', permissionType: 'hr' },
  { name: 'read anonymous email', description: 'Read and answer anonymous reports.', permissionType: 'hr' },
  { name: 'manage jobs', description: 'Manage openings, applicants and interviews.', permissionType: 'hr' },
  { name: 'view hr reports', description: 'Open the HR reports.', permissionType: 'hr' },
  {
    name: 'manage hr settings',
    description: 'Edit HR categories, hiring steps and HR settings.',
    permissionType: 'hr',
  },
  { name: 'view crm', description: 'Open the CRM section.', permissionType: 'crm' },
  { name: 'manage crm', description: 'Manage CRM agents, imports and CRM administration.', permissionType: 'crm' },
  { name: 'edit crm settings', description: 'Edit the CRM settings.', permissionType: 'crm' },
  { name: 'view crm reports', description: 'Open the CRM reports.', permissionType: 'crm' },
  { name: 'phone access', description: 'Use the softphone.', permissionType: 'crm' },
  { name: 'view billing', description: 'Open the billing section.', permissionType: 'billing' },
  // Decision 0071: posting and the books are separate from drafting and recording.
  {
    name: 'approve billing',
    description: 'Approve and post invoices, credit notes and bills; pay vendors, refund, void, write off, unapply.',
    permissionType: 'billing',
  },
  {
    name: 'manage accounting',
    description:
      'Chart of accounts, manual journal entries and reversals, tax rates, billing settings and the lock date.',
    permissionType: 'billing',
  },
  { name: 'view reports', description: 'Open reports.', permissionType: 'reports' },
  { name: 'view client report', description: 'Open the client report.', permissionType: 'reports' },
  { name: 'view tech report', description: 'Open the tech report.', permissionType: 'reports' },
  { name: 'view timeclock', description: 'Open the timeclock report.', permissionType: 'reports' },
  { name: 'manage sync', description: 'Open sync.', permissionType: 'admin' },
  { name: 'import client accounts', description: 'Import client accounts from CSV.', permissionType: 'admin' },
  { name: 'delete client accounts', description: 'Delete client accounts.', permissionType: 'admin' },
  { name: 'shadow clients', description: 'Sign in as a client account or another employee.', permissionType: 'admin' },
  { name: 'manage employee permissions', description: "Change employees' permissions.", permissionType: 'admin' },
  { name: 'manage user sessions', description: "See and revoke other users' sessions.", permissionType: 'admin' },
  { name: 'edit checkinout times', description: 'Edit ticket check-in and check-out times.', permissionType: 'admin' },
] as const satisfies readonly PermissionDefinition[];

export type PermissionName = (typeof permissionDefinitions)[number]['name'];
export const permissionNames = permissionDefinitions.map((p) => p.name) as PermissionName[];
export const permissionNameSchema = z.enum(permissionNames as [PermissionName, ...PermissionName[]]);

export function hasPermission(held: readonly string[], name: PermissionName): boolean {
  return held.includes(name);
}

// --- Permissions API (spec 1 §3.6, §7.2, §7.6) ---

/** A permission as GET /api/permissions lists it; permission_type null is the general group. */
export const permissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permission_type: z.enum(permissionTypes).nullable(),
});
export type Permission = z.infer<typeof permissionSchema>;
export const permissionListResponseSchema = z.object({ data: z.array(permissionSchema) });

/** Card order and titles of the employee Permissions screen (spec 1 §3.6, §6; null = General). */
export const permissionGroups = [
  { type: 'admin', title: 'Admin' },
  { type: null, title: 'General' },
  { type: 'calendar', title: 'Calendar' },
  { type: 'hr', title: 'HR' },
  { type: 'crm', title: 'CRM' },
  { type: 'billing', title: 'Billing' },
  { type: 'reports', title: 'Report' },
] as const satisfies readonly { type: PermissionType | null; title: string }[];
export const adminPermissionsWarning = 'Do Not Touch The Admin Permissions';

/** Employee permission form (spec 1 §3.6): the user id and the complete list of names it should hold. */
export const updateEmployeePermissionsInputSchema = z.object({
  id: z.coerce.number({ error: 'The id must be an integer.' }).int({ error: 'The id must be an integer.' }).optional(),
  permissions: z
    .array(z.string({ error: 'Each permission must be a permission name.' }).max(100), {
      // A missing field keeps the default text, which the server turns into 'The permissions field is required.'.
      error: (issue) => (issue.input === undefined ? undefined : 'The permissions field must be a list.'),
    })
    .max(200)
    .superRefine((names, ctx) => {
      names.forEach((name, index) => {
        if (!(permissionNames as string[]).includes(name)) {
          ctx.addIssue({ code: 'custom', path: [index], message: `The selected permissions.${index} is invalid.` });
        }
      });
    }),
});
export type UpdateEmployeePermissionsInput = z.infer<typeof updateEmployeePermissionsInputSchema>;

// role: the employee's users-admin role, so the screen can tell who may change them (decision 0025).
export const employeePermissionsResponseSchema = z.object({
  data: z.object({ id: z.number().int(), role: z.enum(['admin', 'user']), permissions: z.array(z.string()) }),
});
export const permissionsUpdatedMessage = 'Permissions Updated';

/** Payload of the 'PermissionsUpdated' event on `user.{id}`: the user's complete new list. */
export interface PermissionsUpdatedPayload {
  permissions: string[];
}
