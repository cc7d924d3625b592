import type { CompanyDetailParts } from './modules/companies/company-detail.service.ts';
import { getBillingSettings } from './modules/billing/ledger.service.ts';
import { contractFieldsForCompany } from './modules/contracts/contracts.service.ts';
import { listFlags } from './modules/flags/flags.service.ts';
import { listGrades } from './modules/network-grades/network-grades.service.ts';
import { listRefreshStrategies } from './modules/strategies/refresh-strategies.service.ts';
import { countOpenTickets } from './modules/tickets/tickets.service.ts';

/** GET /api/company/{id}'s parts kept by modules above companies, handed to the company routes by routes.ts. */
export const companyDetailParts: CompanyDetailParts = {
  openTicketCount: countOpenTickets,
  // The usage card cuts months in the billing time zone, as the run that bills them does (decision 0069).
  contractFields: async (db, companyId) =>
    contractFieldsForCompany(db, companyId, (await getBillingSettings(db)).time_zone),
  // Flags are staff's instructions about the client (decision 0032): the detail shows the active ones.
  activeFlags: (db, companyId) => listFlags(db, companyId, true),
  grades: listGrades,
  // Spec 2 §3 strat_list: what the tab's home shows, no notes.
  refreshStrategies: async (db, companyId) =>
    (await listRefreshStrategies(db, companyId)).map(({ id, date, user, emails, created_at }) => ({
      id,
      date,
      user,
      emails,
      created_at,
    })),
};
