import { deviceTypeLabels, type SearchResults } from '@switchboard/shared';

export interface SearchResultLink {
  key: string;
  label: string;
  detail: string | null;
  to: string;
}

export interface SearchResultGroup {
  kind: keyof SearchResults;
  title: string;
  items: SearchResultLink[];
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/**
 * The answer as the box shows it: Tickets, Companies, Accounts, Devices, Employees, Articles (empty groups left out), each
 * result linked to its page on the spec's route map (spec 1 §2.1).
 */
export function groupSearchResults(results: SearchResults): SearchResultGroup[] {
  const groups: SearchResultGroup[] = [
    {
      kind: 'tickets',
      title: 'Tickets',
      items: results.tickets.map((ticket) => ({
        key: `ticket-${ticket.id}`,
        label: `#${ticket.id} ${ticket.subject}`,
        detail: joined(ticket.company.name, ticket.status),
        to: `/ticket/${ticket.id}`,
      })),
    },
    {
      kind: 'companies',
      title: 'Companies',
      items: results.companies.map((company) => ({
        key: `company-${company.id}`,
        label: company.name,
        detail: null,
        to: `/companies/${company.id}`,
      })),
    },
    {
      kind: 'accounts',
      title: 'Accounts',
      items: results.accounts.map((account) => ({
        key: `account-${account.id}`,
        label: account.name,
        detail: joined(account.email, account.company?.name),
        to: `/accounts/edit/${account.id}`,
      })),
    },
    {
      kind: 'devices',
      title: 'Devices',
      items: results.devices.map((device) => ({
        key: `device-${device.id}`,
        label: device.name,
        detail: joined(deviceTypeLabels[device.type], device.asset_tag, device.company.name),
        to: `/companies/${device.company.id}/devices/${device.type}/edit/${device.id}`,
      })),
    },
    {
      kind: 'employees',
      title: 'Employees',
      items: results.employees.map((employee) => ({
        key: `employee-${employee.id}`,
        label: employee.name,
        detail: joined(employee.title, employee.email),
        to: `/employees/edit/${employee.id}/account`,
      })),
    },
    {
      kind: 'articles',
      title: 'Articles',
      items: results.articles.map((article) => ({
        key: `article-${article.id}`,
        label: article.title,
        detail: null,
        to: `/whiteboard/${article.id}`,
      })),
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}
