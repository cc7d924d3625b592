import type { SearchResults } from '@switchboard/shared';

export interface SearchResultLink {
  key: string;
  label: string;
  detail: string | null;
  to: string;
}

export interface SearchResultGroup {
  kind: 'companies' | 'accounts' | 'employees';
  title: string;
  items: SearchResultLink[];
}

/** The answer as the box shows it: Companies, Accounts, Employees (empty groups left out), each with its link. */
export function groupSearchResults(results: SearchResults): SearchResultGroup[] {
  const groups: SearchResultGroup[] = [
    {
      kind: 'companies',
      title: 'Companies',
      items: results.companies.map((company) => ({ key: `company-${company.id}`, label: company.name, detail: null, to: `/companies/${company.id}` })),
    },
    {
      kind: 'accounts',
      title: 'Accounts',
      items: results.accounts.map((account) => ({
        key: `account-${account.id}`,
        label: account.name,
        detail: [account.email, account.company?.name].filter(Boolean).join(' · '),
        to: `/accounts/edit/${account.id}`,
      })),
    },
    {
      kind: 'employees',
      title: 'Employees',
      items: results.employees.map((employee) => ({
        key: `employee-${employee.id}`,
        label: employee.name,
        detail: [employee.title, employee.email].filter(Boolean).join(' · '),
        to: `/employees/edit/${employee.id}/account`,
      })),
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}
