import type { EmployeeListItem, ProjectDetail, ProjectRow } from '@switchboard/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckInChange } from '../../../components/edit-check-in-modal.tsx';
import type { PaginationMeta } from '../../../components/pagination.tsx';
import { api } from '../../../lib/api-client.ts';

export interface ProjectsPage extends PaginationMeta {
  data: ProjectRow[];
}

/** The list's filters as the URL and the inputs hold them ('' for none). */
export interface ProjectListFilters {
  id: string;
  title: string;
  company_id: string;
  site_id: string;
  employee_id: string;
  step_id: string;
}

export const projectFilterKeys = ['id', 'title', 'company_id', 'site_id', 'employee_id', 'step_id'] as const;

export const projectsKey = ['projects'] as const;
export const projectKey = (id: number) => ['projects', 'detail', id] as const;

/** GET /api/project: one page of the list, with only the filters that are set. */
export function useProjectList(filters: ProjectListFilters, page: number, perPage: number) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  return useQuery({
    queryKey: [...projectsKey, 'list', query, page, perPage] as const,
    queryFn: ({ signal }) =>
      api.get<ProjectsPage>('/api/project', { query: { ...query, page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const projectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: projectKey(id),
    queryFn: async ({ signal }) => (await api.get<{ data: ProjectDetail }>(`/api/project/${id}`, { signal })).data,
  });

export function useProject(id: number) {
  // The page follows project_{id} while open; changes made while away (a step closed on its ticket page) are read
  // when it opens again.
  return useQuery({ ...projectQueryOptions(id), refetchOnMount: 'always' });
}

/** The employees for the coordinator, planner, researcher, quoter and tech selects (as the ticket pages read them). */
export function useEmployeeOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['employees', 'options'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: EmployeeListItem[] }>('/api/users/employee.list', { signal })).data,
    enabled,
    staleTime: 60_000,
  });
}

/** Re-reads the project and the list after a change of ours or a push from another viewer. */
export function useRefreshProject(id: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: projectKey(id) });
    void queryClient.invalidateQueries({ queryKey: [...projectsKey, 'list'] });
  };
}

/** POST /api/project: answers message and data.id. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      api.post<{ message: string; data: { id: number } }>('/api/project', values),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectsKey }),
  });
}

/** The project's own calls; each refreshes the project when done. */
export function useProjectAction<T>(id: number, call: (value: T) => Promise<{ message: string }>) {
  const refresh = useRefreshProject(id);
  return useMutation({ mutationFn: call, onSuccess: refresh });
}

export const projectCalls = {
  update: (id: number) => (values: Record<string, unknown>) =>
    api.put<{ message: string }>(`/api/project/${id}`, values),
  /** PUT /api/ticket/{id} of a step ticket: its status alone (0 Open, 1 Closed). */
  setStepStatus: () => (change: { ticketId: number; status: number }) =>
    api.put<{ message: string }>(`/api/ticket/${change.ticketId}`, {
      status: change.status,
      ticket_id: change.ticketId,
    }),
  /** POST /api/ticket/checkinout/update ('edit checkinout times'): times in UTC and the billable flag. */
  updateCheckIns: (companyId: number) => (checkIns: CheckInChange[]) =>
    api.post<{ message: string }>('/api/ticket/checkinout/update', { check_ins: checkIns, company_id: companyId }),
  checkInOut: (projectId: number, companyId: number) => (change: { ticketId: number; direction: 'in' | 'out' }) =>
    api.post<{ message: string }>('/api/ticket/checkinout', {
      direction: change.direction,
      ticket_id: change.ticketId,
      company_id: companyId,
      project_id: projectId,
    }),
};
