import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/password.ts';
import { seedPtoDemo } from '../../modules/pto/pto.demo.ts';
import { grantPermissions } from '../../modules/permissions/permissions.service.ts';
import type { Db, Transaction } from '../client.ts';
import { clientAccounts, companies, employeeDepartments, employees, sites, timezones, users } from '../schema.ts';
import { type DemoCompany, demoCompanies } from './data/demo-companies.ts';
import { demoEmployees } from './data/demo-employees.ts';
import { seedCompanyWorkspace } from './demo-workspace.ts';
import { seedAgentPhoneNumbers } from '../../modules/phone-numbers/phone-numbers.service.ts';
import { demoTechnicianIds, seedDemoTickets } from '../../modules/tickets/tickets.demo.ts';
import { seedDocumentsDemo } from '../../modules/documents/documents.demo.ts';
import { registerDocumentTypes } from '../../document-types.ts';
import { seedDemoProjects } from '../../modules/projects/projects.demo.ts';
import { seedMaintenanceDemo } from '../../modules/maintenance/maintenance.demo.ts';
import { seedDemoApprovals } from '../../modules/projects/approvals.demo.ts';
import { seedDemoProjectQuotes } from '../../modules/projects/project-quotes.demo.ts';
import { seedDemoShipments } from '../../modules/shipments/shipments.demo.ts';
import { seedTechResourcesDemo } from '../../modules/tech-resources/tech-resources.demo.ts';
import { seedTimeclockDemo } from '../../modules/reports/timeclock-report.demo.ts';
import { seedStrategiesDemo } from '../../modules/strategies/strategies.demo.ts';
import { seedWhiteboardDemo } from '../../modules/whiteboard/whiteboard.demo.ts';
import { seedChatDemo } from '../../modules/chat/chat.demo.ts';
import { seedBillingDemo } from '../../modules/billing/billing.demo.ts';
import { seedHrRequestsDemo } from '../../modules/hr/hr-requests.demo.ts';
import { seedHrAnonDemo } from '../../modules/hr/hr-anon.demo.ts';
import { seedHrJobsDemo } from '../../modules/hr/hr-jobs.demo.ts';
import { seedHrFormsDemo } from '../../modules/hr/hr-forms.demo.ts';
import { seedHrCalendarDemo } from '../../modules/hr/hr-calendar.demo.ts';
import { seedCalendarDemo } from '../../modules/calendar/calendar.demo.ts';
import { seedCrmDemo } from '../../modules/crm/crm.demo.ts';
import { seedCrmAppointmentsDemo } from '../../modules/crm/crm-appointments.demo.ts';
import { seedCrmProposalsDemo } from '../../modules/crm/crm-proposals.demo.ts';
import { seedVoicemailsDemo } from '../../modules/crm/crm-voicemails.demo.ts';
import { seedCrmDocumentsDemo } from '../../modules/crm/crm-documents.demo.ts';

/** The one password of every demo account; printed by `npm run seed:demo`. */
export const DEMO_PASSWORD = 'Switchboard-Demo-2025';

export interface DemoSignIn {
  type: 'Employee' | 'Client';
  name: string;
  email: string;
  title: string;
  /** The client's company; null for employees. */
  company: string | null;
}

export interface DemoSeedResult {
  companiesCreated: number;
  employeesCreated: number;
  clientAccountsCreated: number;
  /** Every demo employee and each company's primary client account, whether created now or before. */
  signIns: DemoSignIn[];
}

/**
 * Fills an empty install with 25 client companies (sites, client accounts) and 12 employees for demos and manual
 * testing. Idempotent: companies are keyed on name and users on e-mail, and what exists is left as it is (so a
 * changed password or a renamed site survives a second run). Expects the reference data and permissions seeded.
 */
export interface DemoSeedOptions {
  dataDir?: string;
  /** Twelve months of billing history (the slowest part); tests of other areas leave it out. Default true. */
  billing?: boolean;
}

export async function seedDemo(db: Db, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  // The demo renders quotes, invoices and project overviews without the app's routes.
  registerDocumentTypes();
  // One hash for all demo accounts: argon2 costs ~19 MiB and tens of milliseconds per hash, and the password is shared.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Two concurrent runs would both see a company as missing and insert it twice.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('switchboard:seed-demo'))`);
    await seedAgentPhoneNumbers(tx);
    const result: DemoSeedResult = { companiesCreated: 0, employeesCreated: 0, clientAccountsCreated: 0, signIns: [] };
    for (const employee of demoEmployees) {
      if (await seedEmployee(tx, employee, passwordHash)) result.employeesCreated += 1;
      result.signIns.push({
        type: 'Employee',
        name: employee.name,
        email: employee.email,
        title: employee.title,
        company: null,
      });
    }
    const technicianIds = await demoTechnicianIds(
      tx,
      demoEmployees.map((employee) => employee.email),
    );
    for (const [index, company] of demoCompanies.entries()) {
      const counts = await seedCompany(tx, company, index, passwordHash, technicianIds);
      result.companiesCreated += counts.companyCreated ? 1 : 0;
      result.clientAccountsCreated += counts.accountsCreated;
      const primary = company.contacts[0];
      result.signIns.push({
        type: 'Client',
        name: primary.name,
        email: emailOf(primary.name, company.domain),
        title: primary.title,
        company: company.name,
      });
    }
    await seedDemoProjects(
      tx,
      demoCompanies.map((company) => company.name),
      technicianIds,
    );
    await seedDemoApprovals(tx);
    await seedDemoShipments(tx);
    await seedStrategiesDemo(
      tx,
      demoCompanies.map((company) => company.name),
    );
    await seedTechResourcesDemo(
      tx,
      demoCompanies.map((company) => company.name),
      technicianIds,
    );
    await seedWhiteboardDemo(tx, technicianIds);
    await seedChatDemo(
      tx,
      demoEmployees.map((employee) => employee.email),
    );
    await seedMaintenanceDemo(
      tx,
      demoCompanies.map((company) => company.name),
      technicianIds,
    );
    await seedPtoDemo(
      tx,
      demoEmployees.map((employee) => employee.email),
    );
    // After the PTO demo: its company holidays are the timeclock's days off.
    await seedTimeclockDemo(
      tx,
      demoEmployees.map((employee) => employee.email),
    );
    // HR (designs/hr.md issue part 9): after the PTO and timeclock demo, whose employees and holidays it uses.
    await seedHrRequestsDemo(tx);
    await seedHrAnonDemo(tx);
    await seedHrJobsDemo(tx);
    await seedHrFormsDemo(tx);
    await seedHrCalendarDemo(tx);
    await seedCalendarDemo(tx);
    await seedCrmDemo(tx);
    // After the leads and their calls: the appointments their Appointment Set calls made, and upcoming ones.
    await seedCrmAppointmentsDemo(tx);
    // After the leads: a few proposals in each status on the demo agents' leads.
    await seedCrmProposalsDemo(tx);
    // Documents need somewhere to keep their files: the CLI passes the app's DATA_DIR.
    if (options.dataDir)
      await seedDocumentsDemo(
        tx,
        options.dataDir,
        demoCompanies.map((company) => company.name),
      );
    // The voicemail drops' generated recordings (auto voicemail plays them through the local double).
    if (options.dataDir) await seedVoicemailsDemo(tx, options.dataDir);
    // The CRM sales library's generated files and the three e-mail templates that attach them.
    if (options.dataDir) await seedCrmDocumentsDemo(tx, options.dataDir);
    // After the documents demo, which adds its quotes only when there are none.
    if (options.dataDir) await seedDemoProjectQuotes(tx, options.dataDir);
    if (options.billing !== false)
      await seedBillingDemo(
        tx,
        demoEmployees.filter((e) => e.permissions.includes('view billing')).map((e) => e.email),
        // Purchasing's demo sends purchase orders, whose PDFs need the data directory.
        options.dataDir,
      );
    return result;
  });
}

async function seedEmployee(
  tx: Transaction,
  employee: (typeof demoEmployees)[number],
  passwordHash: string,
): Promise<boolean> {
  if (await findUserId(tx, employee.email)) return false;
  const [timezone] = await tx.select({ id: timezones.id }).from(timezones).where(eq(timezones.name, employee.timezone));
  const userId = await insertUser(tx, {
    type: 'Employee',
    role: employee.role,
    name: employee.name,
    email: employee.email,
    passwordHash,
  });
  await tx.insert(employees).values({
    userId,
    title: employee.title,
    regionId: employee.regionId,
    phoneNumber: employee.phoneNumber,
    city: employee.city,
    state: employee.state,
    timezoneId: timezone?.id ?? null,
    startDate: employee.startDate,
    ptoStartDate: employee.startDate,
  });
  await tx.insert(employeeDepartments).values(employee.departmentIds.map((departmentId) => ({ userId, departmentId })));
  await grantPermissions(tx, userId, employee.permissions);
  return true;
}

async function seedCompany(
  tx: Transaction,
  company: DemoCompany,
  companyIndex: number,
  passwordHash: string,
  technicianIds: number[],
): Promise<{ companyCreated: boolean; accountsCreated: number }> {
  let [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.name, company.name)).limit(1);
  const companyCreated = !row;
  if (!row) {
    [row] = await tx
      .insert(companies)
      .values({ name: company.name, industryId: company.industryId, website: `https://www.${company.domain}` })
      .returning({ id: companies.id });
  }
  const companyId = row.id;

  // Sites are keyed on (company, name) so a rerun neither duplicates nor moves them.
  const existingSites = await tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.companyId, companyId));
  const siteIds = new Map(existingSites.map((site) => [site.name, site.id]));
  const missingSites = company.sites.filter((site) => !siteIds.has(site.name));
  if (missingSites.length > 0) {
    const inserted = await tx
      .insert(sites)
      .values(
        missingSites.map((site) => ({
          companyId,
          name: site.name,
          regionId: site.regionId,
          address: site.address,
          city: site.city,
          state: site.state,
          zip: site.zip,
          latitude: site.latitude,
          longitude: site.longitude,
        })),
      )
      .returning({ id: sites.id, name: sites.name });
    for (const site of inserted) siteIds.set(site.name, site.id);
  }

  let accountsCreated = 0;
  let primaryUserId: number | undefined;
  for (const [contactIndex, contact] of company.contacts.entries()) {
    const email = emailOf(contact.name, company.domain);
    let userId = await findUserId(tx, email);
    if (!userId) {
      // Contacts are spread over the company's sites; the office line is the site's, the cell their own.
      const site = company.sites[contactIndex % company.sites.length];
      userId = await insertUser(tx, { type: 'Client', role: 'user', name: contact.name, email, passwordHash });
      await tx.insert(clientAccounts).values({
        userId,
        companyId,
        siteId: siteIds.get(site.name) ?? null,
        title: contact.title,
        officeNumber: fictionalNumber(site.areaCode, companyIndex * 4 + (contactIndex % company.sites.length)),
        phoneNumber: fictionalNumber(site.areaCode, companyIndex * 4 + contactIndex + 50),
      });
      accountsCreated += 1;
    }
    primaryUserId ??= userId;
  }
  await seedCompanyWorkspace(
    tx,
    companyId,
    companyIndex,
    company.sites.map((site) => siteIds.get(site.name)).filter((id): id is number => id !== undefined),
  );
  await seedDemoTickets(tx, companyId, companyIndex, technicianIds);
  // Only fill an empty primary user: an admin may have chosen another one since.
  await tx
    .update(companies)
    .set({ primaryUserId })
    .where(and(eq(companies.id, companyId), isNull(companies.primaryUserId)));
  return { companyCreated, accountsCreated };
}

async function findUserId(tx: Transaction, email: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row?.id;
}

async function insertUser(
  tx: Transaction,
  user: { type: 'Employee' | 'Client'; role: 'admin' | 'user'; name: string; email: string; passwordHash: string },
): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...user, shortname: shortnameOf(user.name), emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  return row.id;
}

/** 'Dr. Helen Park' -> 'Helen P.': first name and last initial, as lists and chat show people. */
export function shortnameOf(name: string): string {
  const parts = withoutHonorific(name).split(/\s+/);
  const last = parts.length > 1 ? ` ${parts[parts.length - 1][0]}.` : '';
  return `${parts[0]}${last}`;
}

/** 'Dr. Tomás O'Neil' at acme.example -> 'tomas.oneil@acme.example'. */
export function emailOf(name: string, domain: string): string {
  const parts = withoutHonorific(name)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z\s-]/g, '')
    .split(/\s+/);
  return `${parts[0]}.${parts[parts.length - 1]}@${domain}`;
}

function withoutHonorific(name: string): string {
  return name.replace(/^Dr\.\s+/, '').trim();
}

/** (AAA) 555-01NN: the 555-0100 to 555-0199 range is reserved for fiction, so no real line is ever dialled. */
function fictionalNumber(areaCode: string, n: number): string {
  return `(${areaCode}) 555-01${String(n % 100).padStart(2, '0')}`;
}

/** Names of the demo companies, for tests and the CLI. */
export const demoCompanyNames = demoCompanies.map((company) => company.name);
/** E-mail addresses of the demo employees, for tests and the CLI. */
export const demoEmployeeEmails = demoEmployees.map((employee) => employee.email);
