import type { AgentPhoneNumber, EmployeeDetail, EmployeeListItem } from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { employeesQueryKey } from './employees.ts';

const employeeKey = (id: number) => ['employees', 'detail', id] as const;

/** GET /api/users/employee/{id}. */
export function useEmployee(id: number | null) {
  return useQuery({
    queryKey: employeeKey(id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: EmployeeDetail }>(`/api/users/employee/${id}`, { signal })).data,
    enabled: id !== null,
  });
}

/** GET /api/users/employee.list: the employee switcher. */
export function useEmployeeOptions() {
  return useQuery({
    queryKey: ['employees', 'options'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: EmployeeListItem[] }>('/api/users/employee.list', { signal })).data,
    staleTime: 60_000,
  });
}

/** GET /api/crm/phone_numbers (needs 'manage crm'). */
export function useAgentPhoneNumbers(enabled: boolean) {
  return useQuery({
    queryKey: ['crm', 'phone-numbers'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: AgentPhoneNumber[] }>('/api/crm/phone_numbers', { signal })).data,
    enabled,
  });
}

/**
 * Spec 1 §7.6: POST /api/users/employee (create) or POST /api/users/employee/{user_id} with the PUT override,
 * form-encoded, departments (and permissions) as JSON text.
 */
export function useSaveEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: number | null; form: FormData }) => {
      if (id !== null) form.append('_method', 'PUT');
      return api.post<{ message: string; data: { id: number } }>(
        id === null ? '/api/users/employee' : `/api/users/employee/${id}`,
        form,
      );
    },
    onSuccess: (_answer, { id }) => {
      void queryClient.invalidateQueries({ queryKey: employeesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['employees', 'options'] });
      if (id !== null) void queryClient.invalidateQueries({ queryKey: employeeKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['crm', 'phone-numbers'] });
    },
  });
}

/** POST /api/crm/agents/{id}/test_phone ('manage crm'): the server logs the agent's phone in and answers Connected. */
export function useTestAgentPhone(id: number) {
  return useMutation({
    mutationFn: () => api.post<{ message: string; data: { connected: boolean } }>(`/api/crm/agents/${id}/test_phone`),
  });
}
