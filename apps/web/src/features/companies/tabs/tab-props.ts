/**
 * What the company detail page (/companies/{companyId}/{view}/{method}/{method_id}) hands to each tab.
 * Tabs fetch their own data; after a change that affects the header or other tabs they invalidate
 * companyDetailQueryKey(companyId), the key under which the page holds GET /api/company/{id}.
 */
export interface CompanyTabProps {
  companyId: number;
  companyName: string;
  /** The route's {method}; 'index' when absent. */
  method: string;
  /** The route's {method_id}, when present. */
  methodId: string | undefined;
}

export const companyDetailQueryKey = (companyId: number) => ['companies', 'detail', companyId] as const;
