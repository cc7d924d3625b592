import type {
  CompanyDetail,
  Site,
  SiteInfoInput,
  SiteInput,
  TechAttachment,
  UpdateCompanyInput,
  UserType,
} from '@switchboard/shared';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { clientCompanyOf } from './client-company.ts';
import { clientAccounts } from './client-accounts.table.ts';
import { industries, regions } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';
import { logoUrl } from './companies.service.ts';
import { companies, companyTechAttachments, companyTechInfo, sites } from './companies.table.ts';

// The company detail page (spec 2 §2): GET/PUT /api/company/{id}, the Sites and Site Information tabs.

/** Staff see every company; a client account only its own. Anything else is a 404, as if it did not exist. */
export async function assertCompanyVisible(
  db: DbOrTransaction,
  companyId: number,
  actor: { id: number; type: UserType },
): Promise<void> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw notFound();
  if (actor.type !== 'Employee' && (await clientCompanyOf(db, actor.id)) !== companyId) throw notFound();
}

type SiteRow = typeof sites.$inferSelect;

export function presentSite(row: SiteRow): Site {
  return {
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    region_id: row.regionId,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    lat: row.latitude,
    lng: row.longitude,
    info: { parking_info: row.parkingInfo, external: row.external },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function presentAttachment(row: typeof companyTechAttachments.$inferSelect): TechAttachment {
  return {
    id: row.id,
    file_name: row.fileName,
    path: row.path,
    size: row.size,
    extension: row.extension,
    created_at: row.createdAt.toISOString(),
  };
}

/** The company detail's fields that other modules keep, the keys of CompanyDetail they fill. */
type ContractFields = Pick<
  CompanyDetail,
  | 'contracts'
  | 'active_contract'
  | 'latest_contract'
  | 'active_retainer_item'
  | 'latest_retainer_item'
  | 'monthly_usage'
>;

/**
 * The parts of the company detail read by modules above companies (ARCHITECTURE.md, module layers): routes.ts hands
 * them to the company routes, each from the module and presenter its own tab uses.
 */
export interface CompanyDetailParts {
  openTicketCount(db: DbOrTransaction, companyId: number, viewer: 'staff' | 'client'): Promise<number>;
  contractFields(db: DbOrTransaction, companyId: number): Promise<ContractFields>;
  activeFlags(db: DbOrTransaction, companyId: number): Promise<CompanyDetail['flags']>;
  grades(db: DbOrTransaction, companyId: number): Promise<NonNullable<CompanyDetail['grades']>>;
  refreshStrategies(db: DbOrTransaction, companyId: number): Promise<NonNullable<CompanyDetail['strat_list']>>;
}

/**
 * GET /api/company/{id}: the company with its sites and header counters, and for staff its tech information
 * (technician notes and attachments, which in MSPs often hold credentials, are never shown to client accounts).
 */
export async function getCompanyDetail(
  db: DbOrTransaction,
  companyId: number,
  viewer: { type: UserType },
  parts: CompanyDetailParts,
): Promise<CompanyDetail> {
  const staff = viewer.type === 'Employee';
  const [company] = await db
    .select({
      id: companies.id,
      name: companies.name,
      website: companies.website,
      industryId: companies.industryId,
      industryName: industries.name,
      active: companies.active,
      logo: companies.logo,
      createdAt: companies.createdAt,
      notes: companyTechInfo.notes,
      accounts: sql<number>`(select count(*)::int from ${clientAccounts} join ${users} on ${users.id} = ${clientAccounts.userId}
        where ${clientAccounts.companyId} = ${companies.id} and ${users.type} = 'Client' and ${users.deletedAt} is null)`,
    })
    .from(companies)
    .leftJoin(industries, eq(industries.id, companies.industryId))
    .leftJoin(companyTechInfo, eq(companyTechInfo.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company) throw notFound();

  const [siteRows, attachmentRows, staffLists, flags] = await Promise.all([
    db
      .select()
      .from(sites)
      .where(eq(sites.companyId, companyId))
      .orderBy(asc(sql`lower(${sites.name})`), asc(sites.id)),
    staff
      ? db
          .select()
          .from(companyTechAttachments)
          .where(eq(companyTechAttachments.companyId, companyId))
          .orderBy(asc(companyTechAttachments.id))
      : [],
    staff ? listStaffOnlyParts(db, companyId, parts) : {},
    // Flags are staff's instructions about the client (decision 0032): a client account gets none.
    staff ? parts.activeFlags(db, companyId) : [],
  ]);

  return {
    id: company.id,
    name: company.name,
    website: company.website,
    industry_id: company.industryId,
    industry:
      company.industryId !== null && company.industryName !== null
        ? { id: company.industryId, name: company.industryName }
        : null,
    active: company.active,
    logo_url: logoUrl(company.logo),
    logo: logoUrl(company.logo),
    sites: siteRows.map(presentSite),
    ...(staff
      ? { site_tech_info: { notes: company.notes ?? null, attachments: attachmentRows.map(presentAttachment) } }
      : {}),
    ...staffLists,
    flags,
    sites_count: siteRows.length,
    accounts_count: Number(company.accounts),
    open_tickets_count: await parts.openTicketCount(db, companyId, staff ? 'staff' : 'client'),
    ...(await parts.contractFields(db, companyId)),
    created_at: company.createdAt.toISOString(),
  };
}

/** The detail's lists only staff see (spec 2 §3 accounts, grades, strat_list), each from its own tab's presenter. */
async function listStaffOnlyParts(
  db: DbOrTransaction,
  companyId: number,
  parts: CompanyDetailParts,
): Promise<Pick<CompanyDetail, 'accounts' | 'grades' | 'strat_list'>> {
  const [accountRows, grades, strategies] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(clientAccounts)
      .innerJoin(users, eq(users.id, clientAccounts.userId))
      .where(and(eq(clientAccounts.companyId, companyId), eq(users.type, 'Client'), isNull(users.deletedAt)))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id)),
    parts.grades(db, companyId),
    parts.refreshStrategies(db, companyId),
  ]);
  const accounts = accountRows.map((row) => ({ user_id: row.id, user: { name: row.name, email: row.email } }));
  return { accounts, grades, strat_list: strategies };
}

/** PUT /api/company/{id}; `logo` (a stored path) replaces the logo when given. Answers the previous logo path. */
export async function updateCompany(
  db: DbOrTransaction,
  companyId: number,
  input: UpdateCompanyInput,
  logo: string | null,
): Promise<string | null> {
  const [previous] = await db
    .select({ logo: companies.logo })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!previous) throw notFound();
  await db
    .update(companies)
    .set({
      name: input.name,
      industryId: input.industry_id,
      website: input.website,
      ...(input.active === undefined ? {} : { active: input.active }),
      ...(logo ? { logo } : {}),
      updatedAt: new Date(),
    })
    .where(eq(companies.id, companyId));
  return logo ? previous.logo : null;
}

/**
 * PUT /api/companies/sites/{companyId}: the list as sent becomes the company's sites, in one transaction. Sites with
 * an id are updated (the id must be the company's), the others added, and the company's sites missing from the list
 * removed; client accounts of a removed site keep their account without a site. A removed site still used by other
 * records (devices, grades...) makes the whole update fail with 409 and nothing changes.
 */
export async function replaceSites(db: Db, companyId: number, input: SiteInput[]): Promise<Site[]> {
  const regionIds = [...new Set(input.map((site) => site.region_id))];
  const knownRegions = regionIds.length
    ? new Set(
        (await db.select({ id: regions.id }).from(regions).where(inArray(regions.id, regionIds))).map((row) => row.id),
      )
    : new Set<number>();
  const existing = new Set(
    (await db.select({ id: sites.id }).from(sites).where(eq(sites.companyId, companyId))).map((row) => row.id),
  );
  const errors: Record<string, string[]> = {};
  input.forEach((site, index) => {
    if (!knownRegions.has(site.region_id)) errors[`sites.${index}.region_id`] = ['The selected region is invalid.'];
    if (site.id && !existing.has(site.id)) errors[`sites.${index}.id`] = ['This site does not belong to the company.'];
  });
  const ids = input.map((site) => site.id).filter((id): id is number => typeof id === 'number');
  if (new Set(ids).size !== ids.length) errors.sites = ['A site appears twice in the list.'];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  return db.transaction(async (tx) => {
    const kept = ids.length ? notInArray(sites.id, ids) : undefined;
    const removed = (
      await tx
        .select({ id: sites.id })
        .from(sites)
        .where(and(eq(sites.companyId, companyId), kept))
    ).map((row) => row.id);
    if (removed.length) {
      await tx.update(clientAccounts).set({ siteId: null }).where(inArray(clientAccounts.siteId, removed));
      await tx.delete(sites).where(inArray(sites.id, removed));
    }
    const now = new Date();
    for (const site of input) {
      const values = {
        name: site.name,
        regionId: site.region_id,
        address: site.address,
        city: site.city,
        state: site.state,
        zip: site.zip,
        latitude: site.lat,
        longitude: site.lng,
        updatedAt: now,
      };
      if (site.id)
        await tx
          .update(sites)
          .set(values)
          .where(and(eq(sites.id, site.id), eq(sites.companyId, companyId)));
      else await tx.insert(sites).values({ ...values, companyId });
    }
    const rows = await tx
      .select()
      .from(sites)
      .where(eq(sites.companyId, companyId))
      .orderBy(asc(sql`lower(${sites.name})`), asc(sites.id));
    return rows.map(presentSite);
  });
}

/** POST /api/companies/sites.info: parking_info and external of one site (the name is read-only). */
export async function updateSiteInfo(
  db: DbOrTransaction,
  input: SiteInfoInput,
): Promise<{ companyId: number; site: Site }> {
  const [row] = await db
    .update(sites)
    .set({ parkingInfo: input.parking_info, external: input.external, updatedAt: new Date() })
    .where(eq(sites.id, input.id))
    .returning();
  if (!row) throw notFound();
  return { companyId: row.companyId, site: presentSite(row) };
}

export async function siteCompanyId(db: DbOrTransaction, siteId: number): Promise<number | null> {
  const [row] = await db.select({ companyId: sites.companyId }).from(sites).where(eq(sites.id, siteId)).limit(1);
  return row?.companyId ?? null;
}

export interface StoredAttachment {
  fileName: string;
  path: string;
  size: number;
  extension: string;
}

/** POST /api/companies/sites/tech.info: saves the notes and adds the uploaded attachments, in one transaction. */
export async function saveTechInfo(
  db: Db,
  companyId: number,
  notes: string | null,
  attachments: StoredAttachment[],
  actorId: number,
): Promise<{ notes: string | null; attachments: TechAttachment[] }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(companyTechInfo)
      .values({ companyId, notes, updatedBy: actorId, updatedAt: now })
      .onConflictDoUpdate({ target: companyTechInfo.companyId, set: { notes, updatedBy: actorId, updatedAt: now } });
    if (attachments.length) {
      await tx
        .insert(companyTechAttachments)
        .values(attachments.map((file) => ({ ...file, companyId, uploadedBy: actorId })));
    }
    const rows = await tx
      .select()
      .from(companyTechAttachments)
      .where(eq(companyTechAttachments.companyId, companyId))
      .orderBy(asc(companyTechAttachments.id));
    return { notes, attachments: rows.map(presentAttachment) };
  });
}

/** For POST /api/download: the tech attachment stored at `path` and its company, or null. */
export async function findTechAttachment(
  db: DbOrTransaction,
  path: string,
): Promise<{ companyId: number; fileName: string } | null> {
  const [row] = await db
    .select({ companyId: companyTechAttachments.companyId, fileName: companyTechAttachments.fileName })
    .from(companyTechAttachments)
    .where(eq(companyTechAttachments.path, path))
    .limit(1);
  return row ?? null;
}
