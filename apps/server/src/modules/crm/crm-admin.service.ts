import {
  crmAdminMessages,
  type CampaignInput,
  type CampaignRow,
  type RegionInput,
  type RegionRow,
  type VerticalInput,
  type VerticalRow,
} from '@switchboard/shared/crm-admin';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';

// The CRM admin lists (designs/crm-softphone.md §2.1, §4.9, §5): campaigns, regions and verticals (industries).
// Names are unique case-insensitively; each list's writes run under its own advisory lock so two saves cannot both
// find a name free. Rows in use are never deleted: a campaign with leads is archived (status 0) instead.

// Each list in one statement: the counts come from one grouped subquery per referencing table.
const campaignRowsSql = (where: SQL) => sql`
  select c.id, c.campaign_name, c.status, coalesce(l.n, 0)::int as lead_count
  from campaigns c
  left join (
    select crm_lead_counts.campaign_id, sum(crm_lead_counts.n)::int as n from crm_lead_counts
    group by crm_lead_counts.campaign_id
  ) l on l.campaign_id = c.id
  ${where}
  order by c.status desc, lower(c.campaign_name), c.id`;

const regionRowsSql = (where: SQL) => sql`
  select r.id, r.name, coalesce(l.n, 0)::int as lead_count, coalesce(e.n, 0)::int as employee_count
  from regions r
  left join (
    select crm_leads.region_id, count(*) as n from crm_leads
    where crm_leads.deleted_at is null and crm_leads.region_id is not null group by crm_leads.region_id
  ) l on l.region_id = r.id
  left join (
    select employees.region_id, count(*) as n from employees
    where employees.region_id is not null group by employees.region_id
  ) e on e.region_id = r.id
  ${where}
  order by lower(r.name), r.id`;

const verticalRowsSql = (where: SQL) => sql`
  select i.id, i.name, i.parent_id, coalesce(l.n, 0)::int as lead_count, coalesce(c.n, 0)::int as company_count,
    coalesce(k.n, 0)::int as child_count
  from industries i
  left join (
    select crm_leads.industry_id, count(*) as n from crm_leads
    where crm_leads.deleted_at is null and crm_leads.industry_id is not null group by crm_leads.industry_id
  ) l on l.industry_id = i.id
  left join (
    select companies.industry_id, count(*) as n from companies
    where companies.industry_id is not null group by companies.industry_id
  ) c on c.industry_id = i.id
  left join (
    select children.parent_id, count(*) as n from industries children
    where children.parent_id <> 0 group by children.parent_id
  ) k on k.parent_id = i.id
  ${where}
  order by lower(i.name), i.id`;

const byId = (alias: 'c' | 'r' | 'i', id: number | undefined) =>
  id === undefined ? sql`` : sql`where ${sql.raw(alias)}.id = ${id}`;

export async function listCampaigns(db: DbOrTransaction, id?: number): Promise<CampaignRow[]> {
  const result = await db.execute<CampaignRow>(campaignRowsSql(byId('c', id)));
  return result.rows.map((row) => ({ ...row, lead_count: Number(row.lead_count) }));
}

export async function listRegions(db: DbOrTransaction, id?: number): Promise<RegionRow[]> {
  const result = await db.execute<RegionRow>(regionRowsSql(byId('r', id)));
  return result.rows.map((row) => ({
    ...row,
    lead_count: Number(row.lead_count),
    employee_count: Number(row.employee_count),
  }));
}

export async function listVerticals(db: DbOrTransaction, id?: number): Promise<VerticalRow[]> {
  const result = await db.execute<VerticalRow>(verticalRowsSql(byId('i', id)));
  return result.rows.map((row) => ({
    ...row,
    lead_count: Number(row.lead_count),
    company_count: Number(row.company_count),
    child_count: Number(row.child_count),
  }));
}

const one = async <T>(rows: Promise<T[]>): Promise<T> => {
  const [row] = await rows;
  if (!row) throw notFound();
  return row;
};

export const getCampaign = (db: DbOrTransaction, id: number) => one(listCampaigns(db, id));
export const getRegion = (db: DbOrTransaction, id: number) => one(listRegions(db, id));
export const getVertical = (db: DbOrTransaction, id: number) => one(listVerticals(db, id));

const lock = (tx: Transaction, list: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`switchboard:crm-admin:${list}`}))`);

async function exists(tx: Transaction, query: SQL): Promise<boolean> {
  const result = await tx.execute(sql`select exists (${query}) as found`);
  return (result.rows[0] as { found: boolean } | undefined)?.found === true;
}

async function lockedRow(tx: Transaction, table: 'campaigns' | 'regions' | 'industries', id: number) {
  const result = await tx.execute(sql`select id from ${sql.identifier(table)} where id = ${id} for update`);
  if (result.rows.length === 0) throw notFound();
}

const otherThan = (id: number | null) => (id === null ? sql`` : sql`and id <> ${id}`);

/** Creates (id null) or updates a campaign; the name must be free case-insensitively. */
export async function saveCampaign(db: Db, id: number | null, input: CampaignInput): Promise<CampaignRow> {
  const savedId = await db.transaction(async (tx) => {
    await lock(tx, 'campaigns');
    if (id !== null) await lockedRow(tx, 'campaigns', id);
    const taken = sql`select 1 from campaigns where lower(trim(campaign_name)) = lower(${input.campaign_name})
      ${otherThan(id)}`;
    if (await exists(tx, taken)) throw unprocessable({ campaign_name: [crmAdminMessages.campaignNameTaken] });
    if (id !== null) {
      await tx.execute(sql`update campaigns set campaign_name = ${input.campaign_name}, status = ${input.status}
        where id = ${id}`);
      return id;
    }
    const created = await tx.execute<{ id: number }>(sql`insert into campaigns (campaign_name, status)
      values (${input.campaign_name}, ${input.status}) returning id`);
    return created.rows[0]!.id;
  });
  return getCampaign(db, savedId);
}

/**
 * Deletes a campaign no live lead uses; otherwise a 422 (archive it with status 0). Deleted leads lose it (the
 * foreign key sets null): no lead is ever restored, and the check reads the partial index of live leads.
 */
export async function deleteCampaign(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lock(tx, 'campaigns');
    await lockedRow(tx, 'campaigns', id);
    if (await exists(tx, sql`select 1 from crm_leads where campaign_id = ${id} and deleted_at is null`))
      throw unprocessable({ campaign: [crmAdminMessages.campaignInUse] });
    await tx.execute(sql`delete from campaigns where id = ${id}`);
  });
}

export async function saveRegion(db: Db, id: number | null, input: RegionInput): Promise<RegionRow> {
  const savedId = await db.transaction(async (tx) => {
    await lock(tx, 'regions');
    if (id !== null) await lockedRow(tx, 'regions', id);
    const taken = sql`select 1 from regions where lower(trim(name)) = lower(${input.name}) ${otherThan(id)}`;
    if (await exists(tx, taken)) throw unprocessable({ name: [crmAdminMessages.nameTaken] });
    if (id !== null) {
      await tx.execute(sql`update regions set name = ${input.name} where id = ${id}`);
      return id;
    }
    const created = await tx.execute<{ id: number }>(sql`insert into regions (name) values (${input.name})
      returning id`);
    return created.rows[0]!.id;
  });
  return getRegion(db, savedId);
}

/** Deletes a region that no lead, employee or company site uses; otherwise a 422 naming every use. */
export async function deleteRegion(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lock(tx, 'regions');
    await lockedRow(tx, 'regions', id);
    const uses: string[] = [];
    if (await exists(tx, sql`select 1 from crm_leads where region_id = ${id} and deleted_at is null`))
      uses.push(crmAdminMessages.regionInUseLeads);
    if (await exists(tx, sql`select 1 from employees where region_id = ${id}`))
      uses.push(crmAdminMessages.regionInUseEmployees);
    if (await exists(tx, sql`select 1 from sites where region_id = ${id}`))
      uses.push(crmAdminMessages.regionInUseSites);
    if (uses.length > 0) throw unprocessable({ region: uses });
    await tx.execute(sql`delete from regions where id = ${id}`);
  });
}

/**
 * Creates (id null) or updates a vertical. Its parent is 0 or an existing parent (never itself); one with children
 * stays a parent, so the tree keeps two levels. Names are unique case-insensitively under the same parent.
 */
export async function saveVertical(db: Db, id: number | null, input: VerticalInput): Promise<VerticalRow> {
  const savedId = await db.transaction(async (tx) => {
    await lock(tx, 'verticals');
    if (id !== null) await lockedRow(tx, 'industries', id);
    const errors: FieldErrors = {};
    if (input.parent_id !== 0) {
      if (input.parent_id === id) errors.parent_id = [crmAdminMessages.parentSelf];
      else if (!(await exists(tx, sql`select 1 from industries where id = ${input.parent_id} and parent_id = 0`)))
        errors.parent_id = [crmAdminMessages.parentInvalid];
      else if (id !== null && (await exists(tx, sql`select 1 from industries where parent_id = ${id}`)))
        errors.parent_id = [crmAdminMessages.parentHasChildren];
    }
    const taken = sql`select 1 from industries where lower(trim(name)) = lower(${input.name})
      and parent_id = ${input.parent_id} ${otherThan(id)}`;
    if (await exists(tx, taken)) errors.name = [crmAdminMessages.nameTaken];
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    if (id !== null) {
      await tx.execute(sql`update industries set name = ${input.name}, parent_id = ${input.parent_id}
        where id = ${id}`);
      return id;
    }
    const created = await tx.execute<{ id: number }>(sql`insert into industries (name, parent_id)
      values (${input.name}, ${input.parent_id}) returning id`);
    return created.rows[0]!.id;
  });
  return getVertical(db, savedId);
}

/** Deletes a vertical that no lead or company uses and that has no children; otherwise a 422 naming every use. */
export async function deleteVertical(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lock(tx, 'verticals');
    await lockedRow(tx, 'industries', id);
    const uses: string[] = [];
    if (await exists(tx, sql`select 1 from crm_leads where industry_id = ${id} and deleted_at is null`))
      uses.push(crmAdminMessages.verticalInUseLeads);
    if (await exists(tx, sql`select 1 from companies where industry_id = ${id}`))
      uses.push(crmAdminMessages.verticalInUseCompanies);
    if (await exists(tx, sql`select 1 from industries where parent_id = ${id}`))
      uses.push(crmAdminMessages.verticalHasChildren);
    if (uses.length > 0) throw unprocessable({ vertical: uses });
    await tx.execute(sql`delete from industries where id = ${id}`);
  });
}
