// The layers of the server's modules (apps/server/src/modules/*) and of the web's features (apps/web/src/features/*),
// lowest first. A module may import from a module of a lower layer only: never from its own layer, never upward.
// Type-only imports count. Tests (*.test.ts, *.test.tsx, test-fixtures) and the demo seeds (*.demo.ts, run by
// db/seed/demo.ts) sit above every layer and may import any module. Every module must be placed here: a module
// missing from the list fails the check. ARCHITECTURE.md explains the order; scripts/check-import-cycles.mjs checks it.

export const serverModuleLayers = [
  // 0: accounts and reference data every module reads
  ['users', 'reference', 'secrets', 'health', 'mail'],
  // 1: per-account settings and rights
  ['settings', 'notifications', 'phone-numbers', 'permissions'],
  // 2: sign-in, sessions, two-factor, shadow
  ['auth'],
  ['sessions', 'password-reset'],
  // people
  ['timeclock'],
  ['holidays'],
  ['pto'],
  ['employees'],
  ['users-admin'],
  // companies workspace
  ['companies'],
  ['clients'],
  ['flags', 'network-grades', 'billing-items'],
  ['contracts'],
  ['devices'],
  ['strategies'],
  ['documents'],
  // work
  ['notes', 'checkins'],
  ['tickets'],
  ['shipments'],
  ['projects'],
  ['billing'],
  ['maintenance'],
  ['tech-resources', 'client-map', 'chat', 'whiteboard'],
  // across everything
  ['files', 'upkeep'],
  ['search', 'reports'],
];

export const webFeatureLayers = [
  ['auth', 'notifications', 'pdf-viewer', 'branding'],
  ['profile', 'account-security', 'permissions', 'admin-outbox', 'users-admin'],
  ['employees', 'timeclock', 'accounts', 'devices', 'strategies', 'whiteboard', 'chat'],
  ['tickets', 'client-map', 'tech-resources'],
  ['companies', 'projects', 'approvals', 'maintenance', 'reports'],
  ['dashboard', 'search'],
];

// Imports that go against the order today, each with why it is still there: `from` file (repository path) and the
// module it reaches. The check fails on any other upward import, and on an entry here that no longer exists.
export const knownUpwardImports = [
  {
    from: 'apps/server/src/modules/auth/session-user.ts',
    to: 'employees',
    why: 'the signed-in user of spec 1 §3.1 carries its staff record (presentSessionUser); next: the employees module hands the staff record reader in',
  },
  {
    from: 'apps/server/src/modules/auth/shadow.service.ts',
    to: 'companies',
    why: "shadowing refuses a company's primary user; next: a check handed in by the companies module",
  },
  {
    from: 'apps/server/src/modules/companies/companies.routes.ts',
    to: 'clients',
    why: "a client account's own company and the company's accounts; next: move clientAccounts and clientCompanyOf below companies or the company detail up",
  },
  {
    from: 'apps/server/src/modules/companies/companies.service.ts',
    to: 'clients',
    why: "a client account's own company and the company's accounts; next: move clientAccounts and clientCompanyOf below companies or the company detail up",
  },
  {
    from: 'apps/server/src/modules/companies/company-detail.service.ts',
    to: 'clients',
    why: "a client account's own company and the company's accounts; next: move clientAccounts and clientCompanyOf below companies or the company detail up",
  },
  {
    from: 'apps/server/src/modules/companies/company-detail.service.ts',
    to: 'contracts',
    why: 'GET /api/company/{id} gathers the whole workspace; next: company-detail.service.ts to a module of its own above tickets',
  },
  {
    from: 'apps/server/src/modules/companies/company-detail.service.ts',
    to: 'flags',
    why: 'as above: the company detail gathers the workspace',
  },
  {
    from: 'apps/server/src/modules/companies/company-detail.service.ts',
    to: 'network-grades',
    why: 'as above: the company detail gathers the workspace',
  },
  {
    from: 'apps/server/src/modules/companies/company-detail.service.ts',
    to: 'strategies',
    why: 'as above: the company detail gathers the workspace (strat_list)',
  },
  {
    from: 'apps/server/src/modules/companies/company-detail.service.ts',
    to: 'tickets',
    why: 'as above: the company detail counts open tickets',
  },
  {
    from: 'apps/server/src/modules/contracts/contracts.service.ts',
    to: 'checkins',
    why: "a contract's monthly usage sums check-ins; next: place checkins below contracts (its table names tickets and projects only in foreign keys)",
  },
  {
    from: 'apps/server/src/modules/devices/devices.service.ts',
    to: 'strategies',
    why: 'a device a strategy picks cannot be deleted; next: a deletion guard handed in by the strategies module',
  },
  {
    from: 'apps/server/src/modules/documents/types/invoice.ts',
    to: 'billing',
    why: "documents/types renders billing's quotes, invoices and purchase orders; next: each module registers its document types",
  },
  {
    from: 'apps/server/src/modules/documents/types/project-overview.ts',
    to: 'projects',
    why: 'as above: the Project_Overview and purchase-order types read projects',
  },
  {
    from: 'apps/server/src/modules/documents/types/purchase-order.ts',
    to: 'billing',
    why: "documents/types renders billing's quotes, invoices and purchase orders; next: each module registers its document types",
  },
  {
    from: 'apps/server/src/modules/documents/types/purchase-order.ts',
    to: 'projects',
    why: 'as above: the Project_Overview and purchase-order types read projects',
  },
  {
    from: 'apps/server/src/modules/documents/types/quote.ts',
    to: 'billing',
    why: "documents/types renders billing's quotes, invoices and purchase orders; next: each module registers its document types",
  },
  {
    from: 'apps/server/src/modules/holidays/holidays.routes.ts',
    to: 'pto',
    why: "holiday routes use PTO's access rule; next: the rule to holidays or employees",
  },
  {
    from: 'apps/server/src/modules/holidays/holidays.service.ts',
    to: 'employees',
    why: 'holidays read employees; the HR cluster (timeclock, holidays, pto, employees) is ordered when the HR design lands',
  },
  {
    from: 'apps/server/src/modules/notes/note-kinds.ts',
    to: 'tickets',
    why: "a note's collab name is resolved to its ticket; next: the tickets module hands in the lookup",
  },
  {
    from: 'apps/server/src/modules/projects/approvals.service.ts',
    to: 'billing',
    why: "project quotes are billing's quotes (decision 0047) while invoices read projects; next: quotes to a module of their own below projects",
  },
  {
    from: 'apps/server/src/modules/projects/project-quotes.service.ts',
    to: 'billing',
    why: "project quotes are billing's quotes (decision 0047) while invoices read projects; next: quotes to a module of their own below projects",
  },
  {
    from: 'apps/server/src/modules/projects/steps/product-requirements.ts',
    to: 'billing',
    why: "project quotes are billing's quotes (decision 0047) while invoices read projects; next: quotes to a module of their own below projects",
  },
  {
    from: 'apps/server/src/modules/pto/pto.service.ts',
    to: 'employees',
    why: "PTO reads the employee's supervisor; as above, the HR cluster",
  },
  {
    from: 'apps/server/src/modules/strategies/refresh-strategy-mail.ts',
    to: 'documents',
    why: 'the refresh strategy mail records a document revision; goes once document types are registered by their modules',
  },
  {
    from: 'apps/server/src/modules/timeclock/timeclock.routes.ts',
    to: 'pto',
    why: 'a clock-in publishes PTO periods; next: a domain event PTO subscribes to',
  },
];
