import type { Grade, GradeForm, GradeListItem } from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const gradesKey = (companyId: number) => ['companies', 'grades', companyId] as const;
const formKey = ['network-grade', 'form'] as const;

/** The company's grades (site, date, letter). */
export function useGrades(companyId: number) {
  return useQuery({
    queryKey: gradesKey(companyId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: GradeListItem[] }>(`/api/companies/netgrade.list.${companyId}`, { signal })).data,
  });
}

/** GET /api/companies/netgrade/{gradeId}. */
export function useGrade(gradeId: number | null) {
  return useQuery({
    queryKey: ['network-grade', gradeId] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Grade }>(`/api/companies/netgrade/${gradeId}`, { signal })).data,
    enabled: gradeId !== null,
  });
}

/** GET /api/save/networkgrade/form: the questions by section. */
export function useGradeForm() {
  return useQuery({
    queryKey: formKey,
    queryFn: async ({ signal }) => (await api.get<{ data: GradeForm }>('/api/save/networkgrade/form', { signal })).data,
  });
}

export interface GradeAnswerValues {
  id: number;
  answer: number;
  notes: string;
}

/** POST /api/companies/netgrade, or PUT /api/companies/netgrade/update/{gradeId}. */
export function useSaveGrade(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      gradeId,
      siteId,
      questions,
    }: {
      gradeId: number | null;
      siteId: number;
      questions: GradeAnswerValues[];
    }) => {
      const body = { company_id: companyId, site_id: siteId, questions };
      return gradeId === null
        ? api.post<{ message: string; data: { id: number } }>('/api/companies/netgrade', body)
        : api.put<{ message: string; data: { id: number } }>(`/api/companies/netgrade/update/${gradeId}`, body);
    },
    onSuccess: (_answer, { gradeId }) => {
      void queryClient.invalidateQueries({ queryKey: gradesKey(companyId) });
      if (gradeId !== null) void queryClient.invalidateQueries({ queryKey: ['network-grade', gradeId] });
    },
  });
}

/** DELETE /api/companies/netgrade/{gradeId}. */
export function useDeleteGrade(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gradeId: number) => api.delete<{ message: string }>(`/api/companies/netgrade/${gradeId}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: gradesKey(companyId) }),
  });
}

/** POST /api/save/networkgrade/form. */
export function useSaveGradeForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sections: { category: string; questions: { id?: number; question: string }[] }[]) =>
      api.post<{ message: string; data: GradeForm }>('/api/save/networkgrade/form', { sections }),
    onSuccess: (answer) => queryClient.setQueryData(formKey, answer.data),
  });
}
