import { z } from 'zod';

// The CRM admin lists (designs/crm-softphone.md §2.1, §4.9, §5): campaigns, regions and verticals (the industries
// tree, parent_id 0 a parent). One contract for /api/crm/campaigns, /api/crm/regions, /api/crm/verticals and the
// admin pages' dialogs.

export const CRM_ADMIN_NAME_MAX = 100;

export const crmAdminMessages = {
  campaignNameRequired: 'The campaign name field is required.',
  campaignNameTooLong: `The campaign name may not be greater than ${CRM_ADMIN_NAME_MAX} characters.`,
  campaignNameTaken: 'The campaign name has already been taken.',
  statusInvalid: 'The status must be 1 (active) or 0 (inactive).',
  nameRequired: 'The name field is required.',
  nameTooLong: `The name may not be greater than ${CRM_ADMIN_NAME_MAX} characters.`,
  nameTaken: 'The name has already been taken.',
  parentInvalid: 'The parent must be 0 (none) or an existing parent vertical.',
  parentSelf: 'A vertical cannot be its own parent.',
  parentHasChildren: 'This vertical has sub-verticals, so it must stay a parent.',
  campaignInUse: 'This campaign has leads: set it inactive instead.',
  regionInUseLeads: 'This region is used by leads.',
  regionInUseEmployees: 'This region is used by employees.',
  regionInUseSites: 'This region is used by company sites.',
  verticalInUseLeads: 'This vertical is used by leads.',
  verticalInUseCompanies: 'This vertical is used by companies.',
  verticalHasChildren: 'This vertical has sub-verticals: delete or move them first.',
  campaignSaved: 'Campaign saved.',
  campaignDeleted: 'Campaign deleted.',
  regionSaved: 'Region saved.',
  regionDeleted: 'Region deleted.',
  verticalSaved: 'Vertical saved.',
  verticalDeleted: 'Vertical deleted.',
} as const;

const nameOf = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(CRM_ADMIN_NAME_MAX, tooLong);

/** POST /api/crm/campaigns and PUT /api/crm/campaigns/{id}. */
export const campaignInputSchema = z.object({
  campaign_name: nameOf(crmAdminMessages.campaignNameRequired, crmAdminMessages.campaignNameTooLong),
  status: z.union([z.literal(1), z.literal(0)], { error: crmAdminMessages.statusInvalid }),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;

/** POST /api/crm/regions and PUT /api/crm/regions/{id}. */
export const regionInputSchema = z.object({
  name: nameOf(crmAdminMessages.nameRequired, crmAdminMessages.nameTooLong),
});
export type RegionInput = z.infer<typeof regionInputSchema>;

/** POST /api/crm/verticals and PUT /api/crm/verticals/{id}: parent_id 0 makes a parent (no grandchildren). */
export const verticalInputSchema = z.object({
  name: nameOf(crmAdminMessages.nameRequired, crmAdminMessages.nameTooLong),
  parent_id: z
    .number({ error: crmAdminMessages.parentInvalid })
    .int(crmAdminMessages.parentInvalid)
    .min(0, crmAdminMessages.parentInvalid)
    .max(2_147_483_647, crmAdminMessages.parentInvalid),
});
export type VerticalInput = z.infer<typeof verticalInputSchema>;

/** A campaign in the admin list: live leads counted per campaign. */
export const campaignRowSchema = z.object({
  id: z.number().int(),
  campaign_name: z.string(),
  status: z.number().int(),
  lead_count: z.number().int(),
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;

export const regionRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lead_count: z.number().int(),
  employee_count: z.number().int(),
});
export type RegionRow = z.infer<typeof regionRowSchema>;

export const verticalRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int(),
  lead_count: z.number().int(),
  company_count: z.number().int(),
  child_count: z.number().int(),
});
export type VerticalRow = z.infer<typeof verticalRowSchema>;

/** The store channel's payloads: the saved row, or the id of the deleted one. */
export type CampaignUpdatedPayload = { campaign: CampaignRow } | { deleted_id: number };
export type RegionUpdatedPayload = { region: RegionRow } | { deleted_id: number };
export type VerticalUpdatedPayload = { vertical: VerticalRow } | { deleted_id: number };

/** Verticals as a tree for the table: each parent (by name) followed by its children (by name); orphans last. */
export function orderVerticalTree<T extends { id: number; name: string; parent_id: number }>(rows: readonly T[]): T[] {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name) || a.id - b.id;
  const parents = rows.filter((row) => row.parent_id === 0).sort(byName);
  const parentIds = new Set(parents.map((row) => row.id));
  const ordered: T[] = [];
  for (const parent of parents) {
    ordered.push(parent, ...rows.filter((row) => row.parent_id === parent.id).sort(byName));
  }
  ordered.push(...rows.filter((row) => row.parent_id !== 0 && !parentIds.has(row.parent_id)).sort(byName));
  return ordered;
}
