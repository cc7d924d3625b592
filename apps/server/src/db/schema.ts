// Every table of the app, re-exported for Drizzle and drizzle-kit.
export * from '../modules/users/users.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/permissions/permissions.table.ts';
export * from '../modules/reference/reference.table.ts';
export * from '../modules/companies/companies.table.ts';
export * from '../modules/employees/employees.table.ts';
export * from '../modules/clients/clients.table.ts';
export * from '../modules/auth/attempts.table.ts';
export * from '../modules/mail/mail.table.ts';
export * from '../modules/notifications/notifications.table.ts';
export * from '../modules/timeclock/timeclock.table.ts';
export * from '../modules/auth/twofactor.table.ts';
export * from '../modules/auth/shadow.table.ts';
export * from '../modules/password-reset/password-reset.table.ts';
export * from '../modules/settings/settings.table.ts';
export * from '../modules/checkins/checkins.table.ts';
