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
  ['pto'],
  ['holidays'],
  ['employees'],
  ['users-admin'],
  // companies workspace
  ['companies'],
  ['clients'],
  ['documents', 'checkins', 'flags', 'network-grades', 'billing-items'],
  ['contracts', 'quotes', 'hr'],
  ['devices'],
  ['strategies'],
  // work
  ['notes'],
  ['tickets'],
  // CRM: the telephony provider (Telnyx adapter, webhooks, call legs), then leads, calls, dialer, imports
  ['telephony'],
  ['crm'],
  ['shipments'],
  ['projects'],
  ['billing'],
  ['maintenance'],
  ['tech-resources', 'client-map', 'chat', 'whiteboard', 'calendar'],
  // across everything
  ['files', 'upkeep'],
  ['search', 'reports'],
];

export const webFeatureLayers = [
  ['auth', 'notifications', 'pdf-viewer', 'branding'],
  ['profile', 'account-security', 'permissions', 'admin-outbox', 'users-admin'],
  ['employees', 'timeclock', 'accounts', 'devices', 'strategies', 'whiteboard', 'chat'],
  ['tickets', 'client-map', 'tech-resources', 'softphone'],
  [
    'companies',
    'projects',
    'approvals',
    'maintenance',
    'reports',
    'billing-ledgers',
    'billing-taxrates',
    'billing-invoices',
    'billing-payments',
    'billing-reports',
    'billing-items',
    'billing-quotes',
    'billing-vendors',
    'billing-purchasing',
    'billing-receiving',
    'billing-inventory',
    'billing-bills',
    'hr',
    'crm',
    'crm-voicemails',
    'crm-reports',
  ],
  // HR's parts read the base data of 'hr'; the general calendar shows time off, interviews and project slots; the
  // power dialer and lead import build on the leads ('crm') and the softphone.
  [
    'hr-requests',
    'hr-anon',
    'hr-jobs',
    'hr-forms',
    'hr-reports',
    'calendar',
    'crm-dialer',
    'crm-calendar',
    'crm-import',
    'crm-proposals',
  ],
  ['dashboard', 'search', 'billing-home'],
];

// Imports that go against the order today, each with why it is still there: `from` file (repository path) and the
// module it reaches. The check fails on any other upward import, and on an entry here that no longer exists.
export const knownUpwardImports = [];
