import type { ClientStaticData, StaticData, UserType } from '@switchboard/shared';
import { asc, isNull } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import {
  antiviruses,
  campaigns,
  departments,
  industries,
  operatingSystems,
  regions,
  states,
  ticketStatuses,
  ticketTypes,
  timezones,
  triageLevels,
  voicemails,
} from './reference.table.ts';

/**
 * GET /api/misc/staticdata: the lists of spec 1 §3.3, one small query per list, all in parallel. A client account
 * gets only the lists its screens use (decision 0030); campaigns, voicemails, departments and the company and device
 * lists are staff's.
 */
export async function getStaticData(db: DbOrTransaction, viewer: { type: UserType }): Promise<StaticData> {
  if (viewer.type !== 'Employee') return getClientStaticData(db);
  const [clientLists, staffLists] = await Promise.all([getClientStaticData(db), getStaffStaticData(db)]);
  return { ...clientLists, ...staffLists };
}

async function getClientStaticData(db: DbOrTransaction): Promise<ClientStaticData> {
  const [timezoneRows, stateRows, triageRows, ticketTypeRows, ticketStatusRows] = await Promise.all([
    // Seeded west to east, so id order is the order a picker shows.
    db
      .select({ id: timezones.id, name: timezones.name, label: timezones.label })
      .from(timezones)
      .orderBy(asc(timezones.id)),
    db.select({ code: states.code, name: states.name }).from(states).orderBy(asc(states.name)),
    db
      .select({
        id: triageLevels.id,
        name: triageLevels.name,
        color: triageLevels.color,
        sort_order: triageLevels.sortOrder,
      })
      .from(triageLevels)
      .orderBy(asc(triageLevels.sortOrder), asc(triageLevels.id)),
    db.select({ id: ticketTypes.id, name: ticketTypes.name }).from(ticketTypes).orderBy(asc(ticketTypes.id)),
    db
      .select({ id: ticketStatuses.id, name: ticketStatuses.name })
      .from(ticketStatuses)
      .orderBy(asc(ticketStatuses.id)),
  ]);
  return {
    timezones: timezoneRows,
    states: stateRows,
    triage: triageRows,
    ticket_type: ticketTypeRows,
    ticket_statuses: ticketStatusRows,
  };
}

async function getStaffStaticData(db: DbOrTransaction): Promise<Omit<StaticData, keyof ClientStaticData>> {
  const [regionRows, industryRows, operatingSystemRows, antivirusRows, departmentRows, campaignRows, voicemailRows] =
    await Promise.all([
      db.select({ id: regions.id, name: regions.name }).from(regions).orderBy(asc(regions.name)),
      db
        .select({ id: industries.id, name: industries.name, parent_id: industries.parentId })
        .from(industries)
        .orderBy(asc(industries.name)),
      // One query per table for both device kinds; split below.
      db
        .select({ id: operatingSystems.id, name: operatingSystems.name, kind: operatingSystems.deviceKind })
        .from(operatingSystems)
        .orderBy(asc(operatingSystems.id)),
      db
        .select({ id: antiviruses.id, name: antiviruses.name, kind: antiviruses.deviceKind })
        .from(antiviruses)
        .orderBy(asc(antiviruses.id)),
      db.select({ id: departments.id, name: departments.name }).from(departments).orderBy(asc(departments.id)),
      db
        .select({ id: campaigns.id, campaign_name: campaigns.campaignName, status: campaigns.status })
        .from(campaigns)
        .orderBy(asc(campaigns.campaignName), asc(campaigns.id)),
      db
        .select({ id: voicemails.id, name: voicemails.name, isDefault: voicemails.isDefault })
        .from(voicemails)
        .where(isNull(voicemails.deletedAt))
        .orderBy(asc(voicemails.name), asc(voicemails.id)),
    ]);

  const ofKind = (rows: { id: number; name: string; kind: string }[], kind: 'workstation' | 'server') =>
    rows.filter((row) => row.kind === kind).map(({ id, name }) => ({ id, name }));

  return {
    regions: regionRows,
    industries: industryRows,
    workstation_operating_systems: ofKind(operatingSystemRows, 'workstation'),
    server_operating_systems: ofKind(operatingSystemRows, 'server'),
    workstation_antiviruses: ofKind(antivirusRows, 'workstation'),
    server_antiviruses: ofKind(antivirusRows, 'server'),
    departments: departmentRows,
    campaigns: campaignRows,
    // Only voicemails still in use reach the list, so deleted_at is always null here.
    voicemails: voicemailRows.map((row) => ({
      id: row.id,
      name: row.name,
      is_default: row.isDefault === 1,
      deleted_at: null,
    })),
  };
}
