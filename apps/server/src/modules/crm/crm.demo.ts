import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';
import { users } from '../users/users.table.ts';
import { crmLeads } from './crm.table.ts';

// CRM demo (designs/crm-softphone.md §2.4): 2,000 leads over the five campaigns, at 555-01XX numbers so that every
// scripted outcome of the local telephony double occurs (last two digits 00-49 person, 50-59 hangs up, 60-69
// machine, 70-79 no answer, 80-89 busy, 90-99 not found), in 20 metros with their states, regions and area codes,
// with verticals, contacts, notes and six months of past calls, owned by the demo sales staff. Set-based inserts
// (generate_series), deterministic: lead n always gets the same values. Runs once (skipped when leads exist).

/** The demo's sales staff (db/seed/data/demo-employees.ts), who own the leads in turn. */
export const demoCrmAgentEmails = [
  'brandon.reyes@switchboard.example',
  'aisha.johnson@switchboard.example',
  'tasha.greene@switchboard.example',
  'jordan.ellis@switchboard.example',
];

/** Two agents get a line and a SIP login for the local double (connection 'local-connection'). */
export const demoSoftphoneAgents = [
  { email: 'brandon.reyes@switchboard.example', line: '(512) 555-0140', sipUsername: 'brandon.reyes' },
  { email: 'aisha.johnson@switchboard.example', line: '(512) 555-0141', sipUsername: 'aisha.johnson' },
];
export const DEMO_CONNECTION_ID = 'local-connection';
export const DEMO_LEAD_COUNT = 2_000;

// [city, state, area code, region id] for the 20 metros; lead n's metro is (n / 100) % 20, its number's last two
// digits n % 100, so the 2,000 numbers are distinct and every ending 00-99 occurs in every metro.
const metros: [string, string, string, number][] = [
  ['Austin', 'TX', '512', 7],
  ['Dallas', 'TX', '214', 7],
  ['Houston', 'TX', '713', 8],
  ['New York', 'NY', '212', 1],
  ['Newark', 'NJ', '973', 1],
  ['Boston', 'MA', '617', 2],
  ['Philadelphia', 'PA', '215', 3],
  ['Arlington', 'VA', '703', 4],
  ['Atlanta', 'GA', '404', 5],
  ['Chicago', 'IL', '312', 6],
  ['Denver', 'CO', '303', 9],
  ['Phoenix', 'AZ', '602', 10],
  ['Los Angeles', 'CA', '213', 11],
  ['San Jose', 'CA', '408', 12],
  ['Oakland', 'CA', '510', 12],
  ['Fort Worth', 'TX', '817', 7],
  ['Scottsdale', 'AZ', '480', 10],
  ['Cambridge', 'MA', '857', 2],
  ['Brooklyn', 'NY', '718', 1],
  ['Evanston', 'IL', '847', 6],
];

// [company suffix, vertical (industries id)]; aligned by index.
const verticals: [string, number][] = [
  ['Family Medicine', 20],
  ['Dental Group', 21],
  ['Animal Hospital', 22],
  ['Law Offices', 2],
  ['CPA & Associates', 3],
  ['Manufacturing', 4],
  ['Builders', 5],
  ['Realty', 10],
];

const companyWords = [
  'Lakeside',
  'Summit',
  'Riverbend',
  'Oak Hill',
  'Harbor',
  'Pinecrest',
  'Meadowview',
  'Granite',
  'Bluebird',
  'Cedar Park',
  'Northgate',
  'Silver Creek',
  'Maple Street',
  'Westfield',
  'Brightwater',
  'Stonebridge',
  'Sunrise',
  'Ironwood',
  'Willow',
  'Highland',
  'Fairview',
  'Copperleaf',
  'Redwood',
  'Bayshore',
  'Elm Grove',
];
const firstNames = ['Alex', 'Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Jennifer', 'David', 'Susan'];
const lastNames = [
  'Garcia',
  'Nguyen',
  'Patel',
  'Kim',
  'Walsh',
  'Cohen',
  'Okafor',
  'Schmidt',
  'Rossi',
  'Hughes',
  'Bennett',
];
const titles = ['Office Manager', 'Owner', 'Practice Administrator', 'Managing Partner', 'Operations Director'];
const streets = ['Main St', 'Oak Ave', 'Commerce Dr', 'Park Blvd', 'Market St', 'Lake Rd', 'Industrial Way'];
const noteTexts = [
  '<p>Spoke with the office manager; their current IT person is retiring at year end.</p>',
  '<p>Asked for pricing on managed backups and Microsoft 365 support.</p>',
  '<p>Gatekeeper: call back Tuesday morning, ask for the owner.</p>',
  '<p>Had a ransomware scare last spring; interested in a <strong>security assessment</strong>.</p>',
  '<p>Sent the Windows 10 end-of-support flyer by e-mail.</p>',
];
// Past calls' outcomes in turn, with the disposition the agent chose; a few Do Not Call beside them (seedCrmDemo).
const callOutcomes: [status: string, disposition: string | null][] = [
  ['completed', 'connected'],
  ['voicemail', 'left_voicemail'],
  ['no_answer', 'no_answer'],
  ['busy', 'busy'],
  ['completed', 'not_interested'],
  ['voicemail', 'left_voicemail'],
  ['completed', 'appointment_set'],
  ['failed', 'bad_number'],
];

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]`;
const intArray = (values: readonly number[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}::int`),
    sql`, `,
  )}]`;
/** `array[...][1 + (expr) % length]`: the deterministic pick of element for expr. */
const pick = (array: ReturnType<typeof textArray>, length: number, expr: ReturnType<typeof sql>) =>
  sql`(${array})[1 + (${expr}) % ${length}]`;

export interface CrmDemoResult {
  leads: number;
  contacts: number;
  notes: number;
  calls: number;
}

export async function seedCrmDemo(db: DbOrTransaction): Promise<CrmDemoResult | null> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(crmLeads);
  if ((existing?.n ?? 0) > 0) return null;
  const agents = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, demoCrmAgentEmails));
  const agentIds = demoCrmAgentEmails
    .map((email) => agents.find((agent) => agent.email === email)?.id)
    .filter((id): id is number => id !== undefined);
  if (agentIds.length === 0) return null;

  const metro = sql`((n / 100) % ${metros.length})`;
  const vertical = sql`((n * 7 + n / 100) % ${verticals.length})`;
  const cities = textArray(metros.map((entry) => entry[0]));
  const stateCodes = textArray(metros.map((entry) => entry[1]));
  const areas = textArray(metros.map((entry) => entry[2]));
  const regionIds = intArray(metros.map((entry) => entry[3]));
  const suffixes = textArray(verticals.map((entry) => entry[0]));
  const industryIds = intArray(verticals.map((entry) => entry[1]));
  const first = pick(textArray(firstNames), firstNames.length, sql`n * 3`);
  const last = pick(textArray(lastNames), lastNames.length, sql`n * 5 + n / 7`);
  const word = pick(textArray(companyWords), companyWords.length, sql`n + n / ${companyWords.length}`);
  const at = (array: ReturnType<typeof sql>, index: ReturnType<typeof sql>) => sql`(${array})[1 + ${index}]`;

  // Status: mostly Prospect, some None, Appointment Set, Current Client and Win Back. Next touch from 10 days ago
  // to 20 ahead (overdue, due today, this week, later), none for a tenth.
  const leads = await db.execute(sql`
    insert into crm_leads (company_name, first_name, last_name, title, phone, mobile, email, address, city, state, zip,
      website, region_id, industry_id, campaign_id, status, next_touch, manager_id, created_at, updated_at)
    select
      ${word} || ' ' || ${at(suffixes, vertical)},
      ${first}, ${last},
      ${pick(textArray(titles), titles.length, sql`n`)},
      '(' || ${at(areas, metro)} || ') 555-01' || lpad((n % 100)::text, 2, '0'),
      case when n % 6 = 0 then '(' || ${at(areas, metro)} || ') 555-01' || lpad(((n * 13 + 7) % 100)::text, 2, '0') end,
      lower(${first}) || '.' || lower(${last}) || '@lead' || n || '.example',
      (100 + (n * 37) % 9800)::text || ' ' || ${pick(textArray(streets), streets.length, sql`n`)},
      ${at(cities, metro)}, ${at(stateCodes, metro)},
      lpad((10000 + (n * 97) % 89999)::text, 5, '0'),
      'https://lead' || n || '.example',
      ${at(regionIds, metro)}, ${at(industryIds, vertical)},
      1 + n % 5,
      case when n % 20 = 0 then 0 when n % 20 in (1, 2) then 3 when n % 20 = 3 then 5 when n % 20 in (4, 5) then 9
        else 1 end,
      case when n % 10 = 0 then null else current_date + ((n * 11) % 31 - 10) end,
      (${intArray(agentIds)})[1 + n % ${agentIds.length}],
      now() - ((n % 200) || ' days')::interval, now() - ((n % 200) || ' days')::interval
    from generate_series(0, ${DEMO_LEAD_COUNT - 1}) n
    order by n`);

  // A second contact on every third lead, its numbers in the same 555-01XX range.
  const contacts = await db.execute(sql`
    insert into crm_lead_contacts (lead_id, first_name, last_name, title, phone, mobile, email, is_primary)
    select l.id,
      ${pick(textArray(firstNames), firstNames.length, sql`l.id * 7`)},
      l.last_name,
      ${pick(textArray(titles), titles.length, sql`l.id + 2`)},
      regexp_replace(l.phone, '555-01[0-9]{2}$', '555-01' || lpad(((l.id * 17) % 100)::text, 2, '0')),
      case when l.id % 2 = 0 then regexp_replace(l.phone, '555-01[0-9]{2}$',
        '555-01' || lpad(((l.id * 29) % 100)::text, 2, '0')) end,
      'contact' || l.id || '@lead' || l.id || '.example',
      false
    from crm_leads l where l.id % 3 = 0 order by l.id`);

  // Past calls: half the leads (the even ids), one to four each over the last six months, by the lead's owner. The
  // outcome turns with id / 2 + k, so every entry occurs (id + k skipped some: even ids with k <= 1 + id % 4); the
  // first call of leads ending in 98 (a 'not found' number at the double) was a Do Not Call.
  const outcomes = textArray(callOutcomes.map((entry) => entry[0]));
  const dispositions = textArray(callOutcomes.map((entry) => entry[1] ?? ''));
  const turn = sql`l.id / 2 + k`;
  const calls = await db.execute(sql`
    insert into crm_calls (lead_id, user_id, direction, status, call_number, call_number_clean, dial_number,
      disposition, started_at, answered_at, ended_at, duration_seconds, created_at, updated_at)
    select l.id, l.manager_id,
      case when (l.id + k) % 9 = 0 then 'incoming' else 'outgoing' end,
      o.status,
      l.phone, l.phone_digits, '+1' || l.phone_digits,
      o.disposition,
      t.at,
      case when o.status = 'completed' then t.at + interval '8 seconds' end,
      t.at + ((20 + (l.id * k * 13) % 400) || ' seconds')::interval,
      case when o.status = 'completed' then 12 + (l.id * k * 13) % 400 else 20 + (l.id + k) % 25 end,
      t.at, t.at
    from crm_leads l
    cross join generate_series(1, 4) k
    cross join lateral (select date_trunc('day', now()) - ((l.id * 7 + k * 41) % 180 || ' days')::interval
      + ((9 + (l.id + k) % 8) || ' hours')::interval + ((l.id * k) % 60 || ' minutes')::interval as at) t
    cross join lateral (select
      case when l.id % 100 = 98 and k = 1 then 'completed' else ${pick(outcomes, callOutcomes.length, turn)} end
        as status,
      case when l.id % 100 = 98 and k = 1 then 'do_not_call'
        else nullif(${pick(dispositions, callOutcomes.length, turn)}, '') end as disposition) o
    where l.id % 2 = 0 and k <= 1 + l.id % 4
    order by l.id, k`);
  // A Do Not Call disposition flags its lead and lists its numbers, as the disposition route does.
  await db.execute(sql`
    update crm_leads l set do_not_call = true
    where exists (select 1 from crm_calls c where c.lead_id = l.id and c.disposition = 'do_not_call')`);
  await db.execute(sql`
    insert into crm_do_not_call (phone_digits, reason, added_by)
    select k.digits, 'disposition', l.manager_id
    from crm_leads l cross join lateral (values (l.phone_digits), (l.mobile_digits)) k(digits)
    where l.do_not_call and k.digits is not null
    on conflict do nothing`);
  await db.execute(sql`
    update crm_leads l set calls_count = c.n, last_call_at = c.last
    from (select lead_id, count(*)::int as n, max(started_at) as last from crm_calls group by lead_id) c
    where c.lead_id = l.id`);

  // Notes on every fourth lead, by its owner, some tied to its last call.
  const notes = await db.execute(sql`
    insert into crm_lead_notes (lead_id, user_id, call_id, body, created_at)
    select l.id, l.manager_id,
      (select max(c.id) from crm_calls c where c.lead_id = l.id),
      ${pick(textArray(noteTexts), noteTexts.length, sql`l.id / 4`)},
      coalesce(l.last_call_at, l.created_at) + interval '2 minutes'
    from crm_leads l where l.id % 4 = 0 order by l.id`);

  await seedSoftphoneAgents(db);
  return {
    leads: leads.rowCount ?? 0,
    contacts: contacts.rowCount ?? 0,
    notes: notes.rowCount ?? 0,
    calls: calls.rowCount ?? 0,
  };
}

/** Lines and SIP logins for the local double: the softphone works at once for these two agents. */
async function seedSoftphoneAgents(db: DbOrTransaction): Promise<void> {
  for (const agent of demoSoftphoneAgents) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, agent.email)).limit(1);
    const [line] = await db
      .select({ id: agentPhoneNumbers.id })
      .from(agentPhoneNumbers)
      .where(eq(agentPhoneNumbers.phoneNumber, agent.line))
      .limit(1);
    if (!user || !line) continue;
    // A line another agent already holds stays theirs.
    const [holder] = await db
      .select({ userId: agentSettings.userId })
      .from(agentSettings)
      .where(and(eq(agentSettings.phoneNumberId, line.id)))
      .limit(1);
    const phoneNumberId = holder && holder.userId !== user.id ? undefined : line.id;
    const values = {
      sipUsername: agent.sipUsername,
      telephonyCredentialId: agent.sipUsername,
      connectionId: DEMO_CONNECTION_ID,
      ...(phoneNumberId === undefined ? {} : { phoneNumberId }),
    };
    await db
      .insert(agentSettings)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: agentSettings.userId, set: { ...values, updatedAt: new Date() } });
  }
}
