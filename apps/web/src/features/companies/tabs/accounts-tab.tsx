import { useNavigate } from 'react-router';
// The company's Accounts tab is the accounts feature's own list and import, scoped to the company (spec 1 §2.6).
import { AccountImport } from '../../accounts/account-import-page.tsx';
import { AccountsList } from '../../accounts/accounts-page.tsx';
import type { CompanyTabProps } from './tab-props.ts';

/** /companies/{id}/accounts (the list without the Company column) and /companies/{id}/accounts/import. */
export function AccountsTab({ companyId, method }: CompanyTabProps) {
  const navigate = useNavigate();
  if (method === 'import')
    return (
      <AccountImport fixedCompanyId={companyId} onDone={() => void navigate(`/companies/${companyId}/accounts`)} />
    );
  return <AccountsList companyId={companyId} importHref={`/companies/${companyId}/accounts/import`} embedded />;
}
