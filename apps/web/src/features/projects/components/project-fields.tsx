import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  projectInputSchema,
  REQUIRED_NO,
  REQUIRED_YES,
  type ProjectDetail,
  type ProjectInput,
} from '@switchboard/shared';
import { withYou } from '../../../components/you-badge.tsx';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { useCompanyAccountOptions, useCompanyOptions, useSiteOptions } from '../../../lib/company-options.ts';
import { useEmployeeOptions } from '../api/projects.ts';

/** The project form as its inputs hold it: every select value a string ('' or null for none). */
export interface ProjectFormState {
  title: string;
  company_id: string | null;
  site_id: string | null;
  client_user_id: string | null;
  coordinator_id: string | null;
  labor_required: string;
  planner_id: string | null;
  procurement_required: string;
  researcher_id: string | null;
  quoter_id: string | null;
  verbally_approved: string;
  notes: string;
  goals: string;
}

export const blankProject: ProjectFormState = {
  title: '',
  company_id: null,
  site_id: null,
  client_user_id: null,
  coordinator_id: null,
  labor_required: String(REQUIRED_YES),
  planner_id: null,
  procurement_required: String(REQUIRED_YES),
  researcher_id: null,
  quoter_id: null,
  verbally_approved: '0',
  notes: '',
  goals: '',
};

const idText = (id: number | null) => (id === null ? null : String(id));

/** The form's values for a saved project. */
export function projectFormState(project: ProjectDetail): ProjectFormState {
  return {
    title: project.title,
    company_id: String(project.company_id),
    site_id: idText(project.site_id),
    client_user_id: idText(project.client_user_id),
    coordinator_id: idText(project.coordinator_id),
    labor_required: String(project.labor_required),
    planner_id: idText(project.planner_id),
    procurement_required: String(project.procurement_required),
    researcher_id: idText(project.researcher_id),
    quoter_id: idText(project.quoter_id),
    verbally_approved: String(project.verbally_approved),
    notes: project.notes,
    goals: project.goals,
  };
}

/** The shared contract checks the form in the browser as the server will: the first message per field. */
export function validateProject(values: ProjectFormState): Record<string, string> {
  const parsed = projectInputSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** The body of POST and PUT /api/project: the contract's own reading (numbers, nulls, disabled roles dropped). */
export function projectBody(values: ProjectFormState): ProjectInput {
  return projectInputSchema.parse(values);
}

const requiredOptions = [
  { value: String(REQUIRED_YES), label: 'Yes' },
  { value: String(REQUIRED_NO), label: 'No' },
];
const approvedOptions = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

/**
 * Spec 3 §2 Project creation: every field, sites and client accounts loaded per chosen company; the planner is
 * disabled while labor is not required, the researcher and quoter while procurement is not.
 */
export function ProjectFields({
  form,
  disabled = false,
}: {
  form: UseFormReturnType<ProjectFormState>;
  disabled?: boolean;
}) {
  const me = useCurrentUser();
  const companyId = form.values.company_id ? Number(form.values.company_id) : null;
  const companies = useCompanyOptions();
  const sites = useSiteOptions(companyId);
  const accounts = useCompanyAccountOptions(companyId);
  const employees = useEmployeeOptions(true);
  const options = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));
  const staffOptions = (employees.data ?? []).map((employee) => ({
    value: String(employee.user_id),
    label: withYou(employee.user.name, employee.user_id === me?.id),
  }));
  const noLabor = form.values.labor_required === String(REQUIRED_NO);
  const noProcurement = form.values.procurement_required === String(REQUIRED_NO);
  const input = (name: keyof ProjectFormState) => ({ ...form.getInputProps(name), disabled });
  const person = (label: string, name: keyof ProjectFormState, off = false) => (
    <Select label={label} searchable clearable data={staffOptions} {...input(name)} disabled={disabled || off} />
  );

  return (
    <Stack gap="sm">
      <TextInput label="Title" required {...input('title')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Select
          label="Company"
          required
          searchable
          allowDeselect={false}
          data={options(companies.data)}
          {...input('company_id')}
          onChange={(value) => {
            if (value === form.values.company_id) return;
            form.setValues({ company_id: value, site_id: null, client_user_id: null });
          }}
        />
        <Select label="Site" searchable clearable data={options(sites.data)} {...input('site_id')} />
        <Select
          label="Point of Contact"
          searchable
          clearable
          data={options(accounts.data)}
          {...input('client_user_id')}
        />
        {person('Coordinator', 'coordinator_id')}
        <Select label="Labor Required" allowDeselect={false} data={requiredOptions} {...input('labor_required')} />
        {person('Planner', 'planner_id', noLabor)}
        <Select
          label="Procurement Required"
          allowDeselect={false}
          data={requiredOptions}
          {...input('procurement_required')}
        />
        {person('Researcher', 'researcher_id', noProcurement)}
        {person('Quoter', 'quoter_id', noProcurement)}
        <Select
          label="Verbally Approved"
          allowDeselect={false}
          data={approvedOptions}
          {...input('verbally_approved')}
        />
      </SimpleGrid>
      <Textarea label="Notes" autosize minRows={3} {...input('notes')} />
      <Textarea label="Goals" autosize minRows={3} {...input('goals')} />
    </Stack>
  );
}
