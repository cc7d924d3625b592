import { randomBytes } from 'node:crypto';
import type { AccountImportRow } from '@switchboard/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { shortnameOf, withEmailUniqueness } from '../users/user-email.ts';
import { users } from '../users/users.table.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';

/**
 * POST /api/users/client/import (decision 0022): every row is checked first (e-mail free and unique in the file,
 * site named as one of the company's), then all accounts are created in one transaction, or none. Errors are keyed
 * accounts.{row}.{field}. Imported accounts get an unusable random password: they choose their own with
 * "Forgot password".
 */
export async function importClientAccounts(
  db: Db,
  companyId: number,
  rows: AccountImportRow[],
): Promise<{ user_id: number; name: string; email: string }[]> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw unprocessable({ company_id: ['The selected company id is invalid.'] });
  const siteIds = new Map(
    (await db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.companyId, companyId))).map(
      (site) => [site.name.trim().toLowerCase(), site.id],
    ),
  );
  const emails = rows.map((row) => row.email.toLowerCase());
  const taken = new Set(
    (
      await db
        .select({ email: sql<string>`lower(${users.email})` })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails))
    ).map((row) => row.email),
  );

  const errors: FieldErrors = {};
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const email = row.email.toLowerCase();
    if (taken.has(email)) errors[`accounts.${index}.email`] = ['The email has already been taken.'];
    else if (seen.has(email)) errors[`accounts.${index}.email`] = [`The same email is on row ${seen.get(email)! + 1}.`];
    seen.set(email, seen.get(email) ?? index);
    if (row.site && !siteIds.has(row.site.toLowerCase()))
      errors[`accounts.${index}.site`] = [`No site named "${row.site}".`];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  // One hash for the batch: the password is random and never told to anyone.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  return withEmailUniqueness(() =>
    db.transaction(async (tx) => {
      const created = await tx
        .insert(users)
        .values(
          rows.map((row) => ({
            type: 'Client' as const,
            role: 'user' as const,
            name: row.name,
            shortname: shortnameOf(row.name),
            email: row.email,
            passwordHash,
          })),
        )
        .returning({ id: users.id, name: users.name, email: users.email });
      await tx.insert(clientAccounts).values(
        created.map((user, index) => {
          const row = rows[index]!;
          return {
            userId: user.id,
            companyId,
            siteId: row.site ? (siteIds.get(row.site.toLowerCase()) ?? null) : null,
            title: row.title || null,
            phoneNumber: row.phone_number || null,
            officeNumber: row.office_number || null,
          };
        }),
      );
      return created.map((user) => ({ user_id: user.id, name: user.name, email: user.email }));
    }),
  );
}
