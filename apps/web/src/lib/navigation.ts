import type { PermissionName, UserType } from '@switchboard/shared';

/**
 * Navigation as data (spec 1 §2.4, §2.5): the sidebar of each section, the top bar's section switch, and the
 * dashboard's quick links are all built from these lists, filtered by the user's permissions and type.
 */

export type SidebarSection = 'main' | 'billing' | 'hr' | 'crm';

/** Icon names the shell maps to icon components; kept as strings so this module stays pure. */
export type NavIcon =
  | 'dashboard'
  | 'ticket'
  | 'escalation'
  | 'project'
  | 'calendar'
  | 'resources'
  | 'maintenance'
  | 'company'
  | 'account'
  | 'device'
  | 'map'
  | 'template'
  | 'whiteboard'
  | 'report'
  | 'clock'
  | 'employee'
  | 'settings'
  | 'sync'
  | 'chat'
  | 'billing'
  | 'item'
  | 'ledger'
  | 'vendor'
  | 'tax'
  | 'invoice'
  | 'quote'
  | 'payment-in'
  | 'payment-out'
  | 'purchase-order'
  | 'receive'
  | 'inventory'
  | 'request'
  | 'form'
  | 'mail'
  | 'job'
  | 'category'
  | 'step'
  | 'lead'
  | 'agent'
  | 'voicemail'
  | 'document'
  | 'import'
  | 'proposal'
  | 'campaign'
  | 'region'
  | 'vertical'
  | 'phone'
  | 'hr'
  | 'crm';

export interface NavItem {
  /** Unique within the sidebar (two report entries share a path). */
  id: string;
  label: string;
  to: string;
  icon: NavIcon;
  /** Every one of these permissions is required to see the entry. */
  requires?: readonly PermissionName[];
}

export interface NavGroup {
  id: string;
  /** Null for the group without a heading. */
  label: string | null;
  items: readonly NavItem[];
}

const employeeMain: readonly NavGroup[] = [
  {
    id: 'main',
    label: null,
    items: [
      { id: 'tickets', label: 'Tickets', to: '/tickets', icon: 'ticket' },
      { id: 'escalation', label: 'Escalation', to: '/escalation', icon: 'escalation' },
      { id: 'projects', label: 'Projects', to: '/projects', icon: 'project' },
      { id: 'calendar', label: 'Calendar', to: '/calendar', icon: 'calendar', requires: ['view calendar'] },
      { id: 'resources', label: 'Resources', to: '/resources', icon: 'resources', requires: ['view chat'] },
      { id: 'maintenance', label: 'Maintenance', to: '/maintenance', icon: 'maintenance', requires: ['view chat'] },
      { id: 'companies', label: 'Companies', to: '/companies', icon: 'company' },
      { id: 'accounts', label: 'Accounts', to: '/accounts', icon: 'account' },
      { id: 'devices', label: 'Devices', to: '/companies/devices', icon: 'device' },
      { id: 'company-map', label: 'Company Map', to: '/companies/map', icon: 'map' },
      { id: 'project-templates', label: 'Project Templates', to: '/projects/templates', icon: 'template' },
      { id: 'whiteboard', label: 'Whiteboard', to: '/whiteboard/', icon: 'whiteboard' },
    ],
  },
  {
    id: 'reports',
    label: 'Reports',
    items: [
      // Spec 1 §2.5: both report entries point to /dashboard, where those reports live.
      {
        id: 'client-report',
        label: 'Client Report',
        to: '/dashboard',
        icon: 'report',
        requires: ['view reports', 'view client report'],
      },
      {
        id: 'tech-report',
        label: 'Tech Report',
        to: '/dashboard',
        icon: 'report',
        requires: ['view reports', 'view tech report'],
      },
      {
        id: 'timeclock',
        label: 'Timeclock',
        to: '/reports/timeclock',
        icon: 'clock',
        requires: ['view reports', 'view timeclock'],
      },
    ],
  },
  {
    id: 'administration',
    label: 'Administration',
    items: [
      { id: 'employees', label: 'Employees', to: '/employees', icon: 'employee' },
      { id: 'settings', label: 'Settings', to: '/admin', icon: 'settings' },
      { id: 'sync', label: 'Sync', to: '/sync', icon: 'sync', requires: ['manage sync'] },
    ],
  },
  {
    id: 'communication',
    label: 'Communication',
    items: [{ id: 'chat', label: 'Chat', to: '/chat', icon: 'chat' }],
  },
];

const billingRequires = ['view billing'] as const satisfies readonly PermissionName[];

// Spec 1 §2.5 points these billing report entries at /tickets; decision 0072 sends each to its report.
const billingReportRoutes: Readonly<Record<string, string>> = {
  'Balance Sheet': '/billing/reports/balancesheet',
  'Client Balances': '/billing/reports/clientbalances',
  'Client Overview': '/billing/reports/clientoverview',
  'Client Received Totals': '/billing/reports/clientreceived',
  'DOR Taxes': '/billing/reports/dortaxes',
  'DOR Invoices': '/billing/reports/dorinvoices',
  'Income Statement': '/billing/reports/incomestatement',
  'Invoice Totals': '/billing/reports/invoicetotals',
  'Invoice Log': '/billing/reports/invoicelog',
  'Invoice Register': '/billing/reports/invoiceregister',
  'Outgoing Search': '/billing/reports/outgoingsearch',
  Services: '/billing/reports/services',
  'Verify Transactions': '/billing/reports/verifytransactions',
};
const billingTicketReports = [
  'Balance Sheet',
  'Client Balances',
  'Client Overview',
  'Client Received Totals',
  'DOR Taxes',
  'DOR Invoices',
  'Income Statement',
  'Invoice Totals',
  'Invoice Log',
  'Invoice Register',
  'Outgoing Search',
  'Services',
  'Verify Transactions',
];

const billingSection: readonly NavGroup[] = [
  {
    id: 'billing',
    label: 'Billing',
    items: [
      { id: 'billing-home', label: 'Billing', to: '/billing', icon: 'billing', requires: billingRequires },
      { id: 'billing-items', label: 'Items', to: '/billing/items', icon: 'item', requires: billingRequires },
      { id: 'billing-ledgers', label: 'Ledgers', to: '/billing/ledgers', icon: 'ledger', requires: billingRequires },
      { id: 'billing-vendors', label: 'Vendors', to: '/billing/vendors', icon: 'vendor', requires: billingRequires },
      { id: 'billing-taxrates', label: 'Tax Rates', to: '/billing/taxrates', icon: 'tax', requires: billingRequires },
      {
        id: 'billing-invoices',
        label: 'Invoices',
        to: '/billing/invoices',
        icon: 'invoice',
        requires: billingRequires,
      },
      { id: 'billing-quotes', label: 'Quotes', to: '/billing/quotes', icon: 'quote', requires: billingRequires },
      {
        id: 'billing-receive-payments',
        label: 'Receive Payments',
        to: '/billing/payments/receive',
        icon: 'payment-in',
        requires: billingRequires,
      },
      {
        id: 'billing-make-payments',
        label: 'Make Payments',
        to: '/billing/payments/make',
        icon: 'payment-out',
        requires: billingRequires,
      },
      {
        id: 'billing-purchase-orders',
        label: 'Purchase Orders',
        to: '/billing/purchaseorders',
        icon: 'purchase-order',
        requires: billingRequires,
      },
      {
        id: 'billing-receive',
        label: 'Receive Items',
        to: '/billing/receive',
        icon: 'receive',
        requires: billingRequires,
      },
      {
        id: 'billing-inventory',
        label: 'Inventory',
        to: '/billing/inventory',
        icon: 'inventory',
        requires: billingRequires,
      },
      // Not a spec route: the lock date and billing time zone of decisions 0067 and 0069, for 'manage accounting'.
      {
        id: 'billing-settings',
        label: 'Billing Settings',
        to: '/billing/settings',
        icon: 'settings',
        requires: ['view billing', 'manage accounting'],
      },
    ],
  },
  {
    id: 'billing-reports',
    label: 'Reports',
    items: [
      {
        id: 'billing-aged-receivables',
        label: 'Aged Receivables',
        to: '/billing/reports/agedreceivables',
        icon: 'report',
        requires: billingRequires,
      },
      {
        id: 'billing-aged-payables',
        label: 'Aged Payables',
        to: '/billing/reports/agedpayables',
        icon: 'report',
        requires: billingRequires,
      },
      ...billingTicketReports.map((label): NavItem => ({
        id: `billing-report-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        label,
        to: billingReportRoutes[label]!,
        icon: 'report',
        requires: billingRequires,
      })),
    ],
  },
];

const hrSection: readonly NavGroup[] = [
  {
    id: 'hr',
    label: 'Human Resources',
    items: [
      { id: 'hr-calendar', label: 'Calendar', to: '/hr', icon: 'calendar', requires: ['view hr calendar'] },
      { id: 'hr-requests', label: 'Requests', to: '/hr/requests', icon: 'request' },
      { id: 'hr-forms', label: 'Forms', to: '/hr/forms', icon: 'form' },
      { id: 'hr-anonemail', label: 'Anonymous Email', to: '/hr/anonemail', icon: 'mail' },
      { id: 'hr-jobs', label: 'Jobs', to: '/hr/jobs', icon: 'job', requires: ['manage jobs'] },
      {
        id: 'hr-pto-report',
        label: 'PTO Report',
        to: '/hr/reports/pto',
        icon: 'report',
        requires: ['view hr reports'],
      },
      {
        id: 'hr-employees',
        label: 'Employees',
        to: '/hr/employees',
        icon: 'employee',
        requires: ['view human resources'],
      },
    ],
  },
  {
    id: 'hr-admin',
    label: 'Admin',
    items: [
      {
        id: 'hr-categories',
        label: 'Categories',
        to: '/hr/admin/categories',
        icon: 'category',
        requires: ['manage hr settings'],
      },
      { id: 'hr-steps', label: 'Steps', to: '/hr/admin/steps', icon: 'step', requires: ['manage hr settings'] },
    ],
  },
];

const crmSection: readonly NavGroup[] = [
  {
    id: 'crm',
    label: 'CRM',
    items: [
      { id: 'crm-leads', label: 'Leads', to: '/crm', icon: 'lead' },
      { id: 'crm-agents', label: 'Agents', to: '/crm/agents', icon: 'agent', requires: ['manage crm'] },
      { id: 'crm-voicemails', label: 'Voicemails', to: '/crm/voicemails', icon: 'voicemail' },
      { id: 'crm-documents', label: 'Documents', to: '/crm/documents', icon: 'document' },
      { id: 'crm-import', label: 'Import', to: '/crm/import', icon: 'import', requires: ['manage crm'] },
      { id: 'crm-calendar', label: 'Calendar', to: '/crm/calendar', icon: 'calendar' },
      { id: 'crm-proposals', label: 'Proposals', to: '/crm/proposals', icon: 'proposal' },
    ],
  },
  {
    id: 'crm-admin',
    label: 'Admin',
    items: [
      {
        id: 'crm-campaigns',
        label: 'Campaigns',
        to: '/crm/admin/campaigns',
        icon: 'campaign',
        requires: ['manage crm'],
      },
      { id: 'crm-email', label: 'Email', to: '/crm/admin/email', icon: 'mail', requires: ['manage crm'] },
      { id: 'crm-regions', label: 'Regions', to: '/crm/admin/regions', icon: 'region', requires: ['manage crm'] },
      {
        id: 'crm-verticals',
        label: 'Verticals',
        to: '/crm/admin/verticals',
        icon: 'vertical',
        requires: ['manage crm'],
      },
      {
        id: 'crm-settings',
        label: 'Settings',
        to: '/crm/admin/settings',
        icon: 'settings',
        requires: ['manage crm', 'edit crm settings'],
      },
    ],
  },
  {
    id: 'crm-reports',
    label: 'Reports',
    items: [
      {
        id: 'crm-report-appointments',
        label: 'Appointments',
        to: '/crm/reports/appointments',
        icon: 'report',
        requires: ['view crm reports'],
      },
      {
        id: 'crm-report-calls',
        label: 'Calls',
        to: '/crm/reports/calls',
        icon: 'report',
        requires: ['view crm reports'],
      },
      {
        id: 'crm-report-callbreakdown',
        label: 'Call Breakdown',
        to: '/crm/reports/callbreakdown',
        icon: 'report',
        requires: ['view crm reports'],
      },
      {
        id: 'crm-report-agents',
        label: 'Agents',
        to: '/crm/reports/agents',
        icon: 'report',
        requires: ['view crm reports'],
      },
    ],
  },
];

const clientSidebar: readonly NavGroup[] = [
  {
    id: 'client',
    label: null,
    items: [
      { id: 'tickets', label: 'Tickets', to: '/tickets', icon: 'ticket' },
      { id: 'projects', label: 'Projects', to: '/projects', icon: 'project' },
    ],
  },
];

const employeeSidebars: Record<SidebarSection, readonly NavGroup[]> = {
  main: employeeMain,
  billing: billingSection,
  hr: hrSection,
  crm: crmSection,
};

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Which sidebar a path shows: billing when the path contains /billing, HR under /hr, CRM under /crm (spec 1 §2.5). */
export function sectionForPath(pathname: string): SidebarSection {
  if (pathname.includes('/billing')) return 'billing';
  if (isUnder(pathname, '/hr')) return 'hr';
  if (isUnder(pathname, '/crm')) return 'crm';
  return 'main';
}

export function canSee(item: { requires?: readonly PermissionName[] }, permissions: readonly string[]): boolean {
  return (item.requires ?? []).every((name) => permissions.includes(name));
}

/** The sidebar groups a user sees: employees get the section's menu with its gates; everyone else the client menu. */
export function buildSidebar(section: SidebarSection, permissions: readonly string[], userType: UserType): NavGroup[] {
  const groups = userType === 'Employee' ? employeeSidebars[section] : clientSidebar;
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => canSee(item, permissions)) }))
    .filter((group) => group.items.length > 0);
}

export interface SectionLink {
  section: SidebarSection;
  label: string;
  to: string;
  requires: readonly PermissionName[];
}

const sectionLinks: readonly SectionLink[] = [
  { section: 'main', label: 'Dashboard', to: '/dashboard', requires: ['view dashboard'] },
  { section: 'billing', label: 'Billing', to: '/billing', requires: ['view billing'] },
  { section: 'hr', label: 'HR', to: '/hr', requires: ['view human resources'] },
  { section: 'crm', label: 'CRM', to: '/crm', requires: ['view crm'] },
];

/**
 * The top bar's section switch (spec 1 §2.4), employees only. Each button opens the first entry of its section the
 * user may see, so an HR user without the HR calendar lands on a page they may open.
 */
export function buildSectionLinks(permissions: readonly string[], userType: UserType): SectionLink[] {
  if (userType !== 'Employee') return [];
  return sectionLinks
    .filter((link) => canSee(link, permissions))
    .map((link) => {
      if (link.section === 'main') return link;
      const first = buildSidebar(link.section, permissions, userType)[0]?.items[0];
      return first ? { ...link, to: first.to } : link;
    });
}

/** Where 'My Profile' goes from the current section (spec 1 §2.4). */
export function profilePathFor(section: SidebarSection): string {
  if (section === 'crm') return '/crm/profile';
  if (section === 'billing') return '/billing/profile';
  return '/profile';
}

/**
 * The sidebar entry of the current page: the one whose path is the longest prefix of the current path. Entries that
 * share their path with another entry (the report links to /dashboard) are never marked, being ambiguous.
 */
export function findActiveItemId(groups: readonly NavGroup[], pathname: string): string | null {
  const items = groups.flatMap((group) => group.items);
  let best: NavItem | null = null;
  for (const item of items) {
    const target = item.to.length > 1 ? item.to.replace(/\/$/, '') : item.to;
    if (!isUnder(pathname, target)) continue;
    if (items.some((other) => other !== item && other.to === item.to)) continue;
    if (!best || target.length > best.to.replace(/\/$/, '').length) best = item;
  }
  return best?.id ?? null;
}

export interface QuickLink {
  id: string;
  label: string;
  to: string;
  icon: NavIcon;
  /** The sidebar group the entry comes from, when it has a heading. */
  group: string | null;
}

const sectionIcons: Record<SidebarSection, NavIcon> = { main: 'dashboard', billing: 'billing', hr: 'hr', crm: 'crm' };

/**
 * The dashboard's quick links: the other sections the user may open, then the main menu entries they may see
 * (each path once, the dashboard itself left out).
 */
export function buildQuickLinks(permissions: readonly string[], userType: UserType): QuickLink[] {
  const sections: QuickLink[] = buildSectionLinks(permissions, userType)
    .filter((link) => link.section !== 'main')
    .map((link) => ({
      id: `section-${link.section}`,
      label: link.label,
      to: link.to,
      icon: sectionIcons[link.section],
      group: 'Section',
    }));
  const seen = new Set<string>(['/dashboard']);
  const entries: QuickLink[] = [];
  for (const group of buildSidebar('main', permissions, userType)) {
    for (const item of group.items) {
      if (seen.has(item.to)) continue;
      seen.add(item.to);
      entries.push({ id: item.id, label: item.label, to: item.to, icon: item.icon, group: group.label });
    }
  }
  return [...entries, ...sections];
}
