import type { EmployeeListItem, Permission, UpdateEmployeePermissionsInput } from '@switchboard/shared';

/** GET /api/users/employee/permissions/{id}: the employee's list and role (who may change it, decision 0025). */
export interface EmployeePermissions {
  id: number;
  role: 'admin' | 'user';
  permissions: string[];
}
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/permissions (spec 1 §7.2): every permission with its description and group. */
export const permissionCatalogueQueryOptions = queryOptions({
  queryKey: ['permissions'] as const,
  queryFn: async () => (await api.get<{ data: Permission[] }>('/api/permissions')).data,
  staleTime: 5 * 60_000,
});

export const employeePermissionsQueryKey = (employeeId: number) =>
  ['users', 'employee', 'permissions', employeeId] as const;

/** GET /api/users/employee/permissions/{id}: the names the employee holds now. */
export const employeePermissionsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: employeePermissionsQueryKey(employeeId),
    queryFn: async () =>
      (await api.get<{ data: EmployeePermissions }>(`/api/users/employee/permissions/${employeeId}`)).data,
  });

/** GET /api/users/employee.list (spec 1 §7.2): for the employee's name in the heading. */
export const employeeListQueryOptions = queryOptions({
  queryKey: ['users', 'employee.list'] as const,
  queryFn: async () => (await api.get<{ data: EmployeeListItem[] }>('/api/users/employee.list')).data,
  staleTime: 5 * 60_000,
});

export function usePermissionCatalogue() {
  return useQuery(permissionCatalogueQueryOptions);
}

export function useEmployeePermissions(employeeId: number) {
  return useQuery(employeePermissionsQueryOptions(employeeId));
}

export function useEmployeeName(employeeId: number): string | null {
  const { data } = useQuery(employeeListQueryOptions);
  return data?.find((employee) => employee.user_id === employeeId)?.user.name ?? null;
}

/** PUT /api/users/employee/permissions/{id} {permissions, id}: answers the message shown as a success toast. */
export function useUpdateEmployeePermissions(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateEmployeePermissionsInput) =>
      api.put<{ message: string }>(`/api/users/employee/permissions/${employeeId}`, input),
    onSuccess: (_answer, input) => {
      queryClient.setQueryData(employeePermissionsQueryKey(employeeId), (held: EmployeePermissions | undefined) =>
        held ? { ...held, permissions: input.permissions } : held,
      );
    },
  });
}
