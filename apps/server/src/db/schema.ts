// Every table of the app, re-exported for Drizzle and drizzle-kit.
export * from '../modules/users/users.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/permissions/permissions.table.ts';
export * from '../modules/reference/reference.table.ts';
export * from '../modules/companies/companies.table.ts';
export * from '../modules/employees/employees.table.ts';
export * from '../modules/clients/clients.table.ts';
