import type { EmployeeDetail } from '@switchboard/shared';
import type { AppInstance } from '../src/app-instance.ts';
import { bearer } from './helpers.ts';

/**
 * The employee form as the edit screen sends it, from GET /api/users/employee/{id} read with `token`; with
 * `permissions`, the user's current permissions too (the form sends them where the reader may change them).
 */
export async function readEmployeeForm(
  app: AppInstance,
  token: string,
  userId: number,
  options: { permissions?: boolean } = {},
): Promise<Record<string, unknown>> {
  const detail = (
    await app.inject({ method: 'GET', url: `/api/users/employee/${userId}`, headers: bearer(token) })
  ).json<{ data: EmployeeDetail }>().data;
  return {
    name: detail.user.name,
    email: detail.user.email,
    password: '',
    password_confirmation: '',
    active: detail.deleted_at ? 1 : 0,
    twofactor_enabled: detail.user.two_factor.twofactor_enabled ? 1 : 0,
    title: detail.title,
    phone_number: detail.phone_number,
    address: detail.address,
    city: detail.city,
    state: detail.state,
    zip: detail.zip,
    region_id: detail.region_id,
    timezone_id: detail.timezone_id,
    start_date: detail.start_date,
    birthday: detail.birthday,
    pto_start_date: detail.pto_start_date,
    accrual_rollover_limit: detail.accrual_rollover_limit,
    lump_sum_rollover_limit: detail.lump_sum_rollover_limit,
    departments: detail.departments.map((department) => department.id),
    ...(options.permissions ? { permissions: detail.user.permissions } : {}),
  };
}
