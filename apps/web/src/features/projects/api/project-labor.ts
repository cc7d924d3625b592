import type { TemplateDetail, TemplateFormValues, TemplateRow } from '@switchboard/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The labor estimate's calls (spec 3 §7 project_step 'Labor Estimate', 'Save Labor Estimate', 'Project Day'; the
// labor step's clock) and the templates (GET /api/project/templates and /{id}, written on /projects/templates).

export const templatesKey = ['project-templates'] as const;

/** GET /api/project/templates: id and template_name, by name, searched when `search` is set. */
export function useTemplates(search: string) {
  const query = search.trim() === '' ? {} : { search: search.trim() };
  return useQuery({
    queryKey: [...templatesKey, 'list', query] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: TemplateRow[] }>('/api/project/templates', { query, signal })).data,
    placeholderData: keepPreviousData,
  });
}

export const templateQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...templatesKey, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: TemplateDetail }>(`/api/project/templates/${id}`, { signal })).data,
  });

/** GET /api/project/templates/{id}: the template's steps and tasks; nothing is read while none is chosen. */
export function useTemplate(id: number | null) {
  return useQuery({ ...templateQueryOptions(id ?? 0), enabled: id !== null });
}

/** Creates (id null) or updates a template, answering its message and id; the list and the template are read again. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: number | null; values: TemplateFormValues }) => {
      if (id !== null) return { ...(await api.put<{ message: string }>(`/api/project/templates/${id}`, values)), id };
      const created = await api.post<{ message: string; data: { id: number } }>('/api/project/templates', values);
      return { message: created.message, id: created.data.id };
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/project/templates/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

/** A labor step as the panel edits it: hours as the inputs hold them; id is the saved one or a temporary one. */
export interface LaborStepDraft {
  id: number;
  title: string;
  min_hours: number | string;
  max_hours: number | string;
  sub_steps: { key: number; title: string }[];
}

const projectStep = (payload: Record<string, unknown>) =>
  api.post<{ message: string }>('/api/project/project_step', payload);

export const laborCalls = {
  /** 'Labor Estimate': import a template's steps after the existing ones. */
  importTemplate: (projectId: number, ticketId: number) => (templateId: number) =>
    projectStep({ step: 'Labor Estimate', project_id: projectId, ticket_id: ticketId, template_id: templateId }),
  /** 'Save Labor Estimate': the whole list in its order; close closes the step with it (Save & Close). */
  save: (projectId: number, ticketId: number) => (change: { steps: LaborStepDraft[]; close: boolean }) =>
    projectStep({
      step: 'Save Labor Estimate',
      project_id: projectId,
      ticket_id: ticketId,
      close: change.close ? 1 : 0,
      steps: change.steps.map((step) => ({
        id: step.id,
        title: step.title,
        min_hours: step.min_hours,
        max_hours: step.max_hours,
        sub_steps: step.sub_steps.map((subStep) => ({ title: subStep.title })),
      })),
    }),
  /** 'Project Day': a labor step open (0) or closed (1). */
  setSubStep: () => (change: { laborStepId: number; status: number }) =>
    projectStep({ step: 'Project Day', sub_step: change.laborStepId, status: change.status }),
  /** The labor step's own clock, on the Project Day ticket. */
  checkInOut:
    (projectId: number, companyId: number, ticketId: number) =>
    (change: { laborStepId: number; direction: 'in' | 'out' }) =>
      api.post<{ message: string }>('/api/ticket/checkinout', {
        direction: change.direction,
        ticket_id: ticketId,
        company_id: companyId,
        project_id: projectId,
        project_step_id: change.laborStepId,
      }),
};

/** A temporary id for a step not saved yet (spec 3 §2: new steps get a temporary random numeric id). */
export const temporaryId = () => Math.floor(Math.random() * 1_000_000_000) + 1_000_000_000;
