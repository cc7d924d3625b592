import type { PermissionName } from '@switchboard/shared';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isApiError } from '../lib/api-client.ts';
import { authStore } from '../lib/auth-store.ts';
import { defaultLoginUrl, loginPathFor, userDefaultLoginUrl } from '../lib/login-redirect.ts';
import type { RouteHandle } from '../lib/route-access.ts';
import { loadSession, logout } from '../lib/session.ts';
import { BootScreen, RootLayout } from './root-layout.tsx';
import { RouteErrorScreen } from './route-error-screen.tsx';

/*
 * The whole route map of spec 1 §2.1 in one place. Every page is lazy-loaded (its own chunk). Each route records
 * in `handle` (see RouteHandle) its spec route name, title, gates and, for areas other issues build, the area name
 * shown by the shared "not available yet" page. The shell reads the gates (lib/route-access.ts).
 */

const handle = (value: RouteHandle): RouteHandle => value;

// ---- lazy pages ----
const chatPage = () => import('../features/chat/chat-page.tsx').then((m) => ({ Component: m.ChatPage }));
const publicApprovalPage = () =>
  import('../features/approvals/public-approval-page.tsx').then((m) => ({ Component: m.PublicApprovalPage }));
const publicProposalPage = () =>
  import('../features/crm-proposals/public-proposal-page.tsx').then((m) => ({ Component: m.PublicProposalPage }));
const authScreen = () => import('../features/auth/auth-screen.tsx').then((m) => ({ Component: m.AuthScreen }));
const appShell = () => import('./shell/app-shell.tsx').then((m) => ({ Component: m.AppShellLayout }));
const dashboardPage = () =>
  import('../features/dashboard/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage }));
const areaPage = () =>
  import('../components/area-unavailable-page.tsx').then((m) => ({ Component: m.AreaUnavailablePage }));
const brandingPage = () =>
  import('../features/branding/branding-page.tsx').then((m) => ({ Component: m.BrandingPage }));
const pdfViewerPage = () =>
  import('../features/pdf-viewer/pdf-viewer-page.tsx').then((m) => ({ Component: m.PdfViewerPage }));
const profilePage = () => import('../features/profile/profile-page.tsx').then((m) => ({ Component: m.ProfilePage }));
const usersAdminPage = () =>
  import('../features/users-admin/users-admin-page.tsx').then((m) => ({ Component: m.UsersAdminPage }));
const employeesIndexPage = () =>
  import('../features/employees/employees-index-page.tsx').then((m) => ({ Component: m.EmployeesIndexPage }));
const employeePermissionsPage = () =>
  import('../features/permissions/employee-permissions-page.tsx').then((m) => ({
    Component: m.EmployeePermissionsPage,
  }));
const accountsPage = () =>
  import('../features/accounts/accounts-page.tsx').then((m) => ({ Component: m.AccountsPage }));
const accountFormPage = () =>
  import('../features/accounts/account-form-page.tsx').then((m) => ({ Component: m.AccountFormPage }));
const companiesPage = () =>
  import('../features/companies/companies-page.tsx').then((m) => ({ Component: m.CompaniesPage }));
const createCompanyPage = () =>
  import('../features/companies/create-company-page.tsx').then((m) => ({ Component: m.CreateCompanyPage }));
const companyDetailPage = () =>
  import('../features/companies/company-detail-page.tsx').then((m) => ({ Component: m.CompanyDetailPage }));
const gradePage = () => import('../features/companies/grades/grade-page.tsx').then((m) => ({ Component: m.GradePage }));
const gradeFormPage = () =>
  import('../features/companies/grades/grade-form-page.tsx').then((m) => ({ Component: m.GradeFormPage }));
const devicesPage = () => import('../features/devices/devices-page.tsx').then((m) => ({ Component: m.DevicesPage }));
const employeeEditPage = () =>
  import('../features/employees/employee-edit-page.tsx').then((m) => ({ Component: m.EmployeeEditPage }));
const accountImportPage = () =>
  import('../features/accounts/account-import-page.tsx').then((m) => ({ Component: m.AccountImportPage }));
const ticketsQueueModule = () => import('../features/tickets/tickets-queue-page.tsx');
const ticketsQueuePage = () => ticketsQueueModule().then((m) => ({ Component: m.TicketsPage }));
const escalationQueuePage = () => ticketsQueueModule().then((m) => ({ Component: m.EscalationQueuePage }));
const createTicketPage = () =>
  import('../features/tickets/create-ticket-page.tsx').then((m) => ({ Component: m.CreateTicketPage }));
const ticketDetailPage = () =>
  import('../features/tickets/ticket-detail-page.tsx').then((m) => ({ Component: m.TicketDetailPage }));
const projectsPage = () =>
  import('../features/projects/projects-page.tsx').then((m) => ({ Component: m.ProjectsPage }));
const createProjectPage = () =>
  import('../features/projects/create-project-page.tsx').then((m) => ({ Component: m.CreateProjectPage }));
const projectDetailPage = () =>
  import('../features/projects/project-detail-page.tsx').then((m) => ({ Component: m.ProjectDetailPage }));
const projectTemplatesPage = () =>
  import('../features/projects/templates-page.tsx').then((m) => ({ Component: m.TemplatesPage }));
const heldMailPage = () =>
  import('../features/admin-outbox/held-mail-page.tsx').then((m) => ({ Component: m.HeldMailPage }));
const timeclockReportPage = () =>
  import('../features/reports/timeclock-report-page.tsx').then((m) => ({ Component: m.TimeclockReportPage }));
const otherReportPage = () =>
  import('../features/reports/reports-page.tsx').then((m) => ({ Component: m.OtherReportPage }));
const whiteboardPage = () =>
  import('../features/whiteboard/whiteboard-page.tsx').then((m) => ({ Component: m.WhiteboardPage }));
const techResourcesPage = () =>
  import('../features/tech-resources/tech-resources-page.tsx').then((m) => ({ Component: m.TechResourcesPage }));
const clientMapPage = () =>
  import('../features/client-map/client-map-page.tsx').then((m) => ({ Component: m.ClientMapPage }));
const maintenanceMonthPage = () =>
  import('../features/maintenance/maintenance-page.tsx').then((m) => ({ Component: m.MaintenancePage }));
const maintenanceBaselinePage = () =>
  import('../features/maintenance/baseline-page.tsx').then((m) => ({ Component: m.BaselinePage }));
const maintenanceAnalysisPage = () =>
  import('../features/maintenance/analysis-page.tsx').then((m) => ({ Component: m.AnalysisPage }));
const maintenanceExchangePage = () =>
  import('../features/maintenance/exchange-page.tsx').then((m) => ({ Component: m.ExchangePage }));
const maintenanceNotesPage = () =>
  import('../features/maintenance/notes-page.tsx').then((m) => ({ Component: m.NotesPage }));
const notFoundPage = () => import('../components/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }));
const adminIndexPage = () =>
  import('../features/admin-outbox/admin-index-page.tsx').then((m) => ({ Component: m.AdminIndexPage }));
const ledgersPage = () =>
  import('../features/billing-ledgers/ledgers-page.tsx').then((m) => ({ Component: m.LedgersPage }));
const ledgerRegisterPage = () =>
  import('../features/billing-ledgers/ledger-register-page.tsx').then((m) => ({ Component: m.LedgerRegisterPage }));
const taxRatesPage = () =>
  import('../features/billing-taxrates/tax-rates-page.tsx').then((m) => ({ Component: m.TaxRatesPage }));
const billingSettingsPage = () =>
  import('../features/billing-taxrates/billing-settings-page.tsx').then((m) => ({ Component: m.BillingSettingsPage }));
const invoicesPage = () =>
  import('../features/billing-invoices/invoices-page.tsx').then((m) => ({ Component: m.InvoicesPage }));
const receivePaymentsPage = () =>
  import('../features/billing-payments/receive-payments-page.tsx').then((m) => ({ Component: m.ReceivePaymentsPage }));
const billingHomePage = () =>
  import('../features/billing-home/billing-home-page.tsx').then((m) => ({ Component: m.BillingHomePage }));
const agedReceivablesPage = () =>
  import('../features/billing-reports/aged-receivables-page.tsx').then((m) => ({ Component: m.AgedReceivablesPage }));
const clientBalancesPage = () =>
  import('../features/billing-reports/client-balances-page.tsx').then((m) => ({ Component: m.ClientBalancesPage }));
const invoiceRegisterPage = () =>
  import('../features/billing-reports/invoice-register-page.tsx').then((m) => ({ Component: m.InvoiceRegisterPage }));
const invoiceLogPage = () =>
  import('../features/billing-reports/invoice-log-page.tsx').then((m) => ({ Component: m.InvoiceLogPage }));
const itemsPage = () => import('../features/billing-items/items-page.tsx').then((m) => ({ Component: m.ItemsPage }));
const vendorsPage = () =>
  import('../features/billing-vendors/vendors-page.tsx').then((m) => ({ Component: m.VendorsPage }));
const quotesPage = () =>
  import('../features/billing-quotes/quotes-page.tsx').then((m) => ({ Component: m.QuotesPage }));
const makePaymentsPage = () =>
  import('../features/billing-bills/make-payments-page.tsx').then((m) => ({ Component: m.MakePaymentsPage }));
const purchaseOrdersPage = () =>
  import('../features/billing-purchasing/purchase-orders-page.tsx').then((m) => ({ Component: m.PurchaseOrdersPage }));
const receiveItemsPage = () =>
  import('../features/billing-receiving/receive-items-page.tsx').then((m) => ({ Component: m.ReceiveItemsPage }));
const inventoryPage = () =>
  import('../features/billing-inventory/inventory-page.tsx').then((m) => ({ Component: m.InventoryPage }));
const agedPayablesPage = () =>
  import('../features/billing-bills/aged-payables-page.tsx').then((m) => ({ Component: m.AgedPayablesPage }));
const balanceSheetPage = () =>
  import('../features/billing-reports/balance-sheet-page.tsx').then((m) => ({ Component: m.BalanceSheetPage }));
const incomeStatementPage = () =>
  import('../features/billing-reports/income-statement-page.tsx').then((m) => ({ Component: m.IncomeStatementPage }));
const clientOverviewPage = () =>
  import('../features/billing-reports/client-overview-page.tsx').then((m) => ({ Component: m.ClientOverviewPage }));
const clientReceivedPage = () =>
  import('../features/billing-reports/client-received-page.tsx').then((m) => ({ Component: m.ClientReceivedPage }));
const dorTaxesPage = () =>
  import('../features/billing-reports/dor-taxes-page.tsx').then((m) => ({ Component: m.DorTaxesPage }));
const dorInvoicesPage = () =>
  import('../features/billing-reports/dor-invoices-page.tsx').then((m) => ({ Component: m.DorInvoicesPage }));
const invoiceTotalsPage = () =>
  import('../features/billing-reports/invoice-totals-page.tsx').then((m) => ({ Component: m.InvoiceTotalsPage }));
const outgoingSearchPage = () =>
  import('../features/billing-reports/outgoing-search-page.tsx').then((m) => ({ Component: m.OutgoingSearchPage }));
const servicesPage = () =>
  import('../features/billing-reports/services-page.tsx').then((m) => ({ Component: m.ServicesPage }));
const verifyTransactionsPage = () =>
  import('../features/billing-reports/verify-transactions-page.tsx').then((m) => ({
    Component: m.VerifyTransactionsPage,
  }));
const hrAdminPage = () => import('../features/hr/hr-admin-page.tsx').then((m) => ({ Component: m.HrAdminPage }));
const hrRequestsPage = () =>
  import('../features/hr-requests/requests-page.tsx').then((m) => ({ Component: m.HrRequestsPage }));
const myHrPage = () => import('../features/hr-requests/my-hr-page.tsx').then((m) => ({ Component: m.MyHrPage }));
const anonEmailPage = () =>
  import('../features/hr-anon/anon-email-page.tsx').then((m) => ({ Component: m.AnonEmailPage }));
const jobsPage = () => import('../features/hr-jobs/jobs-page.tsx').then((m) => ({ Component: m.JobsPage }));
const hrFormsPage = () => import('../features/hr-forms/forms-page.tsx').then((m) => ({ Component: m.HrFormsPage }));
const hrCalendarPage = () =>
  import('../features/calendar/hr-calendar-page.tsx').then((m) => ({ Component: m.HrCalendarPage }));
const calendarPage = () =>
  import('../features/calendar/calendar-page.tsx').then((m) => ({ Component: m.CalendarPage }));
const hrReportsPage = () =>
  import('../features/hr-reports/hr-reports-page.tsx').then((m) => ({ Component: m.HrReportsPage }));
const outboxListPage = () =>
  import('../features/admin-outbox/outbox-list-page.tsx').then((m) => ({ Component: m.OutboxListPage }));
const outboxMessagePage = () =>
  import('../features/admin-outbox/outbox-message-page.tsx').then((m) => ({ Component: m.OutboxMessagePage }));

interface AreaOptions extends Omit<RouteHandle, 'area'> {
  children?: RouteObject[];
}

/** A page of an area another issue builds: the shared page names the area and says it is not available yet. */
function area(path: string, areaName: string, options: AreaOptions = {}): RouteObject {
  const { children, ...rest } = options;
  return { path, lazy: areaPage, handle: handle({ title: areaName, area: areaName, ...rest }), children };
}

// ---- loaders ----

/** Spec 1 §2.2: no stored access token → /login?redirect=<path and query>. With a token, loads the user once. */
export async function requireSessionLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  if (!authStore.getState().accessToken) throw redirect(loginPathFor(url));
  if (!authStore.getState().user) {
    try {
      await loadSession();
    } catch (error) {
      // A locked session (423): the shell shows the lock screen (lib/account-lock.ts holds the state).
      if (isApiError(error) && error.status === 423) return null;
      // A refused token (and refresh) ends the session; any other failure shows the error screen with a retry.
      if (!authStore.getState().accessToken || (isApiError(error) && error.status === 401)) {
        authStore.clear();
        throw redirect(loginPathFor(url));
      }
      throw error;
    }
  }
  return null;
}

/**
 * Spec 1 §2.3, §3.2: where a signed-in user lands (their default_login_url). After a reload the user, and so the
 * setting, is not loaded yet: load it first. A refused token ends the session (null); any other failure lands on the
 * default, whose page shows the lock screen or the error.
 */
async function signedInLandingPath(): Promise<string | null> {
  if (!authStore.getState().accessToken) return null;
  if (authStore.getState().user) return userDefaultLoginUrl();
  try {
    await loadSession();
  } catch (error) {
    if (!authStore.getState().accessToken || (isApiError(error) && error.status === 401)) {
      authStore.clear();
      return null;
    }
  }
  return userDefaultLoginUrl();
}

/** Spec 1 §2.3: a signed-in user opening /login goes to the default login URL. */
async function loginLoader(): Promise<Response | null> {
  const landing = await signedInLandingPath();
  return landing ? redirect(landing) : null;
}

/** Spec 1 §2.3: /logout logs out on load (server call, then local clear even if it failed) and returns to /login. */
async function logoutLoader(): Promise<Response> {
  await logout();
  return redirect('/login');
}

/**
 * Issue 26 §2.10: with a stored token the queue's first page is asked for now, beside GET /api/session (the shell's
 * loader), not once the session has answered and the page has rendered. Its code is the page's own chunk.
 */
const queueLoader =
  (scope: 'tickets' | 'escalation') =>
  ({ request }: LoaderFunctionArgs): null => {
    if (authStore.getState().accessToken) {
      void ticketsQueueModule()
        .then((m) => m.prefetchQueue(scope, new URL(request.url)))
        .catch(() => undefined);
    }
    return null;
  };

async function rootIndexLoader(): Promise<Response> {
  return redirect((await signedInLandingPath()) ?? '/login');
}

// ---- gates (spec 1 §2.5, §6) ----
const billingGate = handle({ permissions: ['view billing'], deniedRedirect: defaultLoginUrl });
const crmAdminGate = (params: Readonly<Record<string, string | undefined>>): readonly PermissionName[] =>
  params.view === 'settings' ? ['manage crm', 'edit crm settings'] : ['manage crm'];

/** /employees/{method?}/{employeeId?}/{view?}, and the same shape under /hr/employees and /crm/agents. */
const employeeRoutes = (base: string, areaName: string, options: Omit<RouteHandle, 'area'> = {}): RouteObject => ({
  path: `${base}/:method?/:employeeId?/:view?`,
  lazy: employeeEditPage,
  handle: handle({ title: areaName, numericParams: ['employeeId'], ...options }),
});

/** The employees index (spec 1 §2.6), ranked above the general employee route that would also match the bare path. */
const employeesIndexRoute = (
  base: string,
  title: string,
  options: Omit<RouteHandle, 'area' | 'title'> = {},
): RouteObject => ({
  path: base,
  lazy: employeesIndexPage,
  handle: handle({ title, ...options }),
});

/** The employee edit view 'permissions' (spec 1 §2.6, §6): its own page, ranked above the general employee route. */
const employeePermissionsRoute = (
  base: string,
  options: { name?: string; permissions?: readonly PermissionName[] } = {},
): RouteObject => ({
  path: `${base}/edit/:employeeId/permissions`,
  lazy: employeePermissionsPage,
  handle: handle({
    title: 'Permissions',
    name: options.name,
    numericParams: ['employeeId'],
    permissions: [...(options.permissions ?? []), 'manage employee permissions'],
  }),
});

const maintenanceTail = ':companyId/:serverId/:month/:year/:ticket_id/:siteId?';
const maintenanceNumeric = ['companyId', 'serverId', 'month', 'year', 'ticket_id', 'siteId'];

export const appRoutes: RouteObject[] = [
  // General
  { path: 'dashboard', lazy: dashboardPage, handle: handle({ title: 'Dashboard', clientAllowed: true }) },
  area('ai', 'AI'),
  area('developer', 'Developer Settings'),
  { path: 'users', lazy: usersAdminPage, handle: handle({ title: 'Users', adminOnly: true }) },
  area('get/rates', 'Rates'),
  area('test', 'Development Test Page'),
  area('sync', 'Sync', { permissions: ['manage sync'] }),
  { path: 'chat', lazy: chatPage, handle: handle({ title: 'Chat' }) },
  area('chat2', 'Chat'),
  { path: 'calendar', lazy: calendarPage, handle: handle({ title: 'Calendar', permissions: ['view calendar'] }) },
  {
    path: 'resources',
    lazy: techResourcesPage,
    handle: handle({ title: 'Tech Resources', permissions: ['view chat'] }),
  },

  // PDF viewer
  {
    path: 'pdf/:type/:id/:revision_id?',
    lazy: pdfViewerPage,
    handle: handle({
      title: 'PDF Viewer',
      name: 'PDFViewer',
      clientAllowed: true,
      numericParams: ['id', 'revision_id'],
    }),
  },

  // Billing: every route needs 'view billing', else /dashboard
  {
    path: 'billing',
    handle: billingGate,
    children: [
      { index: true, lazy: billingHomePage, handle: handle({ title: 'Billing' }) },
      { path: 'items', lazy: itemsPage, handle: handle({ title: 'Billing Items' }) },
      { path: 'ledgers', lazy: ledgersPage, handle: handle({ title: 'Ledgers' }) },
      { path: 'ledgers/:id', lazy: ledgerRegisterPage, handle: handle({ title: 'Ledger', numericParams: ['id'] }) },
      { path: 'vendors', lazy: vendorsPage, handle: handle({ title: 'Vendors' }) },
      { path: 'taxrates', lazy: taxRatesPage, handle: handle({ title: 'Tax Rates' }) },
      { path: 'settings', lazy: billingSettingsPage, handle: handle({ title: 'Billing Settings' }) },
      { path: 'invoices', lazy: invoicesPage, handle: handle({ title: 'Invoices' }) },
      { path: 'quotes', lazy: quotesPage, handle: handle({ title: 'Quotes' }) },
      { path: 'payments/receive', lazy: receivePaymentsPage, handle: handle({ title: 'Receive Payments' }) },
      { path: 'payments/make', lazy: makePaymentsPage, handle: handle({ title: 'Make Payments' }) },
      { path: 'purchaseorders', lazy: purchaseOrdersPage, handle: handle({ title: 'Purchase Orders' }) },
      { path: 'receive', lazy: receiveItemsPage, handle: handle({ title: 'Receive Items' }) },
      { path: 'inventory', lazy: inventoryPage, handle: handle({ title: 'Inventory' }) },
      { path: 'reports/agedreceivables', lazy: agedReceivablesPage, handle: handle({ title: 'Aged Receivables' }) },
      { path: 'reports/clientbalances', lazy: clientBalancesPage, handle: handle({ title: 'Client Balances' }) },
      { path: 'reports/invoiceregister', lazy: invoiceRegisterPage, handle: handle({ title: 'Invoice Register' }) },
      { path: 'reports/invoicelog', lazy: invoiceLogPage, handle: handle({ title: 'Invoice Log' }) },
      { path: 'reports/balancesheet', lazy: balanceSheetPage, handle: handle({ title: 'Balance Sheet' }) },
      { path: 'reports/incomestatement', lazy: incomeStatementPage, handle: handle({ title: 'Income Statement' }) },
      { path: 'reports/clientoverview', lazy: clientOverviewPage, handle: handle({ title: 'Client Overview' }) },
      { path: 'reports/clientreceived', lazy: clientReceivedPage, handle: handle({ title: 'Client Received Totals' }) },
      { path: 'reports/dortaxes', lazy: dorTaxesPage, handle: handle({ title: 'DOR Taxes' }) },
      { path: 'reports/dorinvoices', lazy: dorInvoicesPage, handle: handle({ title: 'DOR Invoices' }) },
      { path: 'reports/invoicetotals', lazy: invoiceTotalsPage, handle: handle({ title: 'Invoice Totals' }) },
      { path: 'reports/outgoingsearch', lazy: outgoingSearchPage, handle: handle({ title: 'Outgoing Search' }) },
      { path: 'reports/services', lazy: servicesPage, handle: handle({ title: 'Services' }) },
      {
        path: 'reports/verifytransactions',
        lazy: verifyTransactionsPage,
        handle: handle({ title: 'Verify Transactions' }),
      },
      { path: 'reports/agedpayables', lazy: agedPayablesPage, handle: handle({ title: 'Aged Payables' }) },
    ],
  },

  // Whiteboard
  {
    path: 'whiteboard/:articleId?',
    lazy: whiteboardPage,
    handle: handle({ title: 'Whiteboard', name: 'Whiteboard', numericParams: ['articleId'] }),
  },

  // CRM: the section needs 'view crm'; its entries carry the gates of the CRM sidebar
  {
    path: 'crm',
    handle: handle({ permissions: ['view crm'] }),
    children: [
      {
        index: true,
        lazy: () => import('../features/crm/leads-page.tsx').then((m) => ({ Component: m.LeadsPage })),
        handle: handle({ title: 'CRM Leads' }),
      },
      {
        path: 'import',
        lazy: () => import('../features/crm-import/imports-page.tsx').then((m) => ({ Component: m.ImportsPage })),
        handle: handle({ title: 'CRM Import', permissions: ['manage crm'] }),
      },
      {
        path: 'import/new',
        lazy: () =>
          import('../features/crm-import/import-wizard-page.tsx').then((m) => ({ Component: m.ImportWizardPage })),
        handle: handle({ title: 'CRM Import', permissions: ['manage crm'] }),
      },
      {
        path: 'export',
        lazy: () => import('../features/crm-import/export-page.tsx').then((m) => ({ Component: m.ExportPage })),
        handle: handle({ title: 'CRM Export' }),
      },
      {
        path: 'proposals',
        lazy: () =>
          import('../features/crm-proposals/proposals-page.tsx').then((m) => ({ Component: m.ProposalsPage })),
        handle: handle({ title: 'Proposals' }),
      },
      {
        path: 'reports/:report/:startDate?/:endDate?/:agent?',
        lazy: () =>
          import('../features/crm-reports/crm-reports-page.tsx').then((m) => ({ Component: m.CrmReportsPage })),
        handle: handle({ title: 'CRM Reports', permissions: ['view crm reports'] }),
      },
      {
        path: 'admin/:view?/:id?',
        lazy: () => import('../features/crm/admin-page.tsx').then((m) => ({ Component: m.CrmAdminPage })),
        handle: handle({ title: 'CRM Administration', area: 'CRM Administration', permissions: crmAdminGate }),
      },
      {
        path: 'calendar',
        lazy: () =>
          import('../features/crm-calendar/crm-calendar-page.tsx').then((m) => ({ Component: m.CrmCalendarPage })),
        handle: handle({ title: 'CRM Calendar' }),
      },
      {
        path: 'voicemails',
        lazy: () =>
          import('../features/crm-voicemails/voicemails-page.tsx').then((m) => ({ Component: m.VoicemailsPage })),
        handle: handle({ title: 'Voicemails' }),
      },
      {
        path: 'documents',
        lazy: () => import('../features/crm/documents-page.tsx').then((m) => ({ Component: m.DocumentsPage })),
        handle: handle({ title: 'Documents' }),
      },
      {
        path: 'phoneburner',
        lazy: () => import('../features/crm-dialer/dialer-page.tsx').then((m) => ({ Component: m.DialerPage })),
        handle: handle({ title: 'PhoneBurner', permissions: ['phone access'] }),
      },
      employeePermissionsRoute('agents', { name: 'EditEmployeeCRM', permissions: ['manage crm'] }),
      employeesIndexRoute('agents', 'Agents', { permissions: ['manage crm'] }),
      employeeRoutes('agents', 'Agents', { name: 'EditEmployeeCRM', permissions: ['manage crm'] }),
    ],
  },

  // HR (decision 0104, the gate change): every employee files requests, signs forms and reports anonymously; the
  // rest keeps its own permission ('view human resources' opens the top bar's HR button and the employees).
  {
    path: 'hr',
    children: [
      {
        index: true,
        lazy: hrCalendarPage,
        handle: handle({ title: 'HR Calendar', permissions: ['view hr calendar'] }),
      },
      { path: 'requests', lazy: hrRequestsPage, handle: handle({ title: 'HR Requests' }) },
      { path: 'forms', lazy: hrFormsPage, handle: handle({ title: 'HR Forms' }) },
      { path: 'anonemail', lazy: anonEmailPage, handle: handle({ title: 'Anonymous Email' }) },
      {
        path: 'jobs/:view?/:jobId?',
        lazy: jobsPage,
        // Open to every employee: interviewers without 'manage jobs' see their interviews (the page decides).
        handle: handle({ title: 'Jobs', numericParams: ['jobId'] }),
      },
      {
        path: 'admin/:view?',
        lazy: hrAdminPage,
        handle: handle({ title: 'HR Administration', permissions: ['manage hr settings'] }),
      },
      {
        path: 'reports/:report?/:param1?/:param2?',
        lazy: hrReportsPage,
        handle: handle({ title: 'HR Reports', permissions: ['view hr reports'] }),
      },
      employeePermissionsRoute('employees', { name: 'EditEmployeeHr', permissions: ['view human resources'] }),
      employeesIndexRoute('employees', 'Employees', { permissions: ['view human resources'] }),
      employeeRoutes('employees', 'Employees', { name: 'EditEmployeeHr', permissions: ['view human resources'] }),
    ],
  },

  // Profiles
  { path: 'profile/hr', lazy: myHrPage, handle: handle({ title: 'My HR' }) },
  { path: 'profile/:view?', lazy: profilePage, handle: handle({ title: 'My Profile', clientAllowed: true }) },
  { path: 'crm/profile/:view?', lazy: profilePage, handle: handle({ title: 'My Profile' }) },
  { path: 'billing/profile/:view?', lazy: profilePage, handle: handle({ title: 'My Profile' }) },

  // Employees
  employeePermissionsRoute('employees'),
  employeesIndexRoute('employees', 'Employees'),
  employeeRoutes('employees', 'Employees'),

  // Tickets
  {
    path: 'tickets',
    loader: queueLoader('tickets'),
    lazy: ticketsQueuePage,
    handle: handle({ title: 'Tickets', clientAllowed: true }),
  },
  {
    path: 'escalation',
    loader: queueLoader('escalation'),
    lazy: escalationQueuePage,
    handle: handle({ title: 'Escalation' }),
  },
  { path: 'tickets/create', lazy: createTicketPage, handle: handle({ title: 'Create Ticket', clientAllowed: true }) },
  {
    path: 'ticket/:ticketId',
    lazy: ticketDetailPage,
    handle: handle({ title: 'Ticket', clientAllowed: true, numericParams: ['ticketId'] }),
  },

  // Projects
  { path: 'projects', lazy: projectsPage, handle: handle({ title: 'Projects', clientAllowed: true }) },
  { path: 'projects/create', lazy: createProjectPage, handle: handle({ title: 'Create Project' }) },
  {
    path: 'projects/templates/:templateId?',
    lazy: projectTemplatesPage,
    handle: handle({ title: 'Project Templates', numericParams: ['templateId'] }),
  },
  {
    path: 'projects/:projectId',
    lazy: projectDetailPage,
    handle: handle({ title: 'Project', clientAllowed: true, numericParams: ['projectId'] }),
  },

  // Companies
  { path: 'companies', lazy: companiesPage, handle: handle({ title: 'Companies' }) },
  { path: 'companies/create', lazy: createCompanyPage, handle: handle({ title: 'Create Company' }) },
  { path: 'companies/map', lazy: clientMapPage, handle: handle({ title: 'Company Map' }) },
  // Covers both /companies/{companyId?}/devices/{dType?} and .../{dType?}/{method?}/{dId?} of the table.
  {
    path: 'companies/:companyId?/devices/:dType?/:method?/:dId?',
    lazy: devicesPage,
    handle: handle({ title: 'Devices', numericParams: ['companyId', 'dId'] }),
  },
  // view defaults to basicinformation and method to index (the page reads them when it is built).
  {
    path: 'companies/:companyId/:view?/:method?/:method_id?',
    lazy: companyDetailPage,
    handle: handle({ title: 'Company', name: 'EditCompany', numericParams: ['companyId'] }),
  },
  // ViewGrade shows a grade (view = grade id); ManageGrade is method new, or manage with the grade id.
  {
    path: 'companies/:companyId/grades/:method/:view?',
    lazy: gradePage,
    handle: handle({ title: 'Network Grade', name: 'ManageGrade', numericParams: ['companyId'] }),
  },
  {
    path: 'companies/:companyId/grades/view/:view',
    lazy: gradePage,
    handle: handle({ title: 'Network Grade', name: 'ViewGrade', numericParams: ['companyId', 'view'] }),
  },
  { path: 'companies/networkgrade/form', lazy: gradeFormPage, handle: handle({ title: 'Manage Network Grade Form' }) },

  // Client accounts
  { path: 'accounts', lazy: accountsPage, handle: handle({ title: 'Client Accounts' }) },
  { path: 'accounts/create', lazy: accountFormPage, handle: handle({ title: 'Add Account' }) },
  {
    path: 'accounts/edit/:method_id',
    lazy: accountFormPage,
    handle: handle({ title: 'Edit Account', numericParams: ['method_id'] }),
  },
  // Spec 1 §2.6 sub-screens of /accounts/{method?}: index (the list), import, create, edit/{id}.
  { path: 'accounts/index', lazy: accountsPage, handle: handle({ title: 'Client Accounts' }) },
  {
    path: 'accounts/import',
    lazy: accountImportPage,
    handle: handle({ title: 'Import Accounts', permissions: ['import client accounts'] }),
  },

  // Reports (spec 2.5: the timeclock report needs 'view reports' and 'view timeclock'; spec 3 §2: other report names
  // render nothing)
  {
    path: 'reports/timeclock/:start?/:end?',
    lazy: timeclockReportPage,
    handle: handle({ title: 'Timeclock Report', permissions: ['view reports', 'view timeclock'] }),
  },
  {
    path: 'reports/:prop_report/:prop_start_date?/:prop_end_date?',
    lazy: otherReportPage,
    handle: handle({ title: 'Reports', permissions: ['view reports'] }),
  },

  // Admin (sidebar 'Settings'). The bare /admin lists the admin pages to administrators (others get the area page);
  // it comes before the optional-segment route, which would otherwise win the tie for /admin. The outbox is admins' only.
  { path: 'admin', lazy: adminIndexPage, handle: handle({ title: 'Settings', area: 'Settings' }) },
  { path: 'admin/outbox', lazy: outboxListPage, handle: handle({ title: 'Outbox', adminOnly: true }) },
  { path: 'admin/held-mail', lazy: heldMailPage, handle: handle({ title: 'Held Mail', adminOnly: true }) },
  { path: 'admin/branding', lazy: brandingPage, handle: handle({ title: 'Branding', adminOnly: true }) },
  {
    path: 'admin/outbox/:id',
    lazy: outboxMessagePage,
    handle: handle({ title: 'Outbox', adminOnly: true, numericParams: ['id'] }),
  },
  area('admin/:view?/:id?', 'Settings'),

  // Maintenance: needs 'view chat' like its sidebar entry
  {
    path: 'maintenance',
    handle: handle({ permissions: ['view chat'] }),
    children: [
      {
        path: `baseline/${maintenanceTail}/:baseline?`,
        lazy: maintenanceBaselinePage,
        handle: handle({ title: 'Baseline Security', numericParams: [...maintenanceNumeric, 'baseline'] }),
      },
      {
        path: `analysis/${maintenanceTail}/:analysis?`,
        lazy: maintenanceAnalysisPage,
        handle: handle({ title: 'Server Analysis', numericParams: [...maintenanceNumeric, 'analysis'] }),
      },
      {
        path: `exchange/${maintenanceTail}`,
        lazy: maintenanceExchangePage,
        handle: handle({ title: 'Exchange Analyzer', numericParams: maintenanceNumeric }),
      },
      {
        path: `notes/${maintenanceTail}`,
        lazy: maintenanceNotesPage,
        handle: handle({ title: 'Maintenance Notes', numericParams: maintenanceNumeric }),
      },
      {
        path: ':month?/:year?',
        lazy: maintenanceMonthPage,
        handle: handle({ title: 'Scheduled Maintenance', numericParams: ['month', 'year'] }),
      },
    ],
  },

  // Unknown paths
  { path: '*', lazy: notFoundPage, handle: handle({ title: 'Page Not Found', clientAllowed: true }) },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: BootScreen,
    children: [
      { index: true, loader: rootIndexLoader },
      // Auth: the three share one screen (spec 1 §2.3)
      { path: 'login', loader: loginLoader, lazy: authScreen, handle: handle({ name: 'login', title: 'Login' }) },
      {
        path: 'forgot-password',
        lazy: authScreen,
        handle: handle({ name: 'forgotpassword', title: 'Forgot Password' }),
      },
      {
        path: 'reset-password/:token?',
        lazy: authScreen,
        handle: handle({ name: 'resetpassword', title: 'Reset Password' }),
      },
      { path: 'logout', loader: logoutLoader },
      // A mailed approval link (decision 0046): public, outside the shell.
      { path: 'approve/:token', lazy: publicApprovalPage, handle: handle({ title: 'Approval' }) },
      // A mailed proposal acceptance link: public, outside the shell, as the approvals'.
      { path: 'proposal/:token', lazy: publicProposalPage, handle: handle({ title: 'Proposal' }) },
      // Everything else needs a signed-in user and renders inside the shell.
      { id: 'app', loader: requireSessionLoader, lazy: appShell, children: appRoutes },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
