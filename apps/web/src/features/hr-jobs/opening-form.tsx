import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  hrJobEmploymentTypeLabels,
  hrJobEmploymentTypes,
  hrJobInputSchema,
  hrJobStatuses,
  hrJobStatusLabels,
  hrJobWorkplaceLabels,
  hrJobWorkplaces,
  type HrJob,
  type HrJobEmploymentType,
  type HrJobInput,
  type HrJobStatus,
  type HrJobWorkplace,
} from '@switchboard/shared/hr/jobs';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { contractMessages, shownMessages, type FieldMessages } from '../../components/billing-form-parts.tsx';
import { confirmDelete } from '../../components/confirm-dialogs.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { RichTextEditor } from '../../components/rich-text-editor.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { useEmployeeOptions } from '../employees/api/employee.ts';
import { employeeChoices } from './choices.ts';
import { useDeleteJob, useJob, useSaveJob } from './api/jobs.ts';

// /hr/jobs/create and /hr/jobs/edit/{id} (designs/hr.md §5): the opening, its description in the app's Tiptap editor.

export interface OpeningFormValues {
  title: string;
  department_id: string | null;
  region_id: string | null;
  employment_type: HrJobEmploymentType;
  workplace: HrJobWorkplace;
  salary_min: number | string;
  salary_max: number | string;
  openings: number | string;
  hiring_manager_id: string | null;
  description_html: string;
  status: HrJobStatus;
  target_on: string;
}

export function openingFormValues(job: HrJob | null): OpeningFormValues {
  return {
    title: job?.title ?? '',
    department_id: job?.department ? String(job.department.id) : null,
    region_id: job?.region ? String(job.region.id) : null,
    employment_type: job?.employment_type ?? 'full_time',
    workplace: job?.workplace ?? 'on_site',
    salary_min: job?.salary_min ?? '',
    salary_max: job?.salary_max ?? '',
    openings: job?.openings ?? 1,
    hiring_manager_id: job?.hiring_manager ? String(job.hiring_manager.id) : null,
    description_html: job?.description_html ?? '',
    status: job?.status ?? 'draft',
    target_on: job?.target_on ?? '',
  };
}

/** The form's values as the contract reads them: blank selects and amounts are null. */
export function openingInputOf(values: OpeningFormValues): unknown {
  const amount = (value: number | string) => (value === '' ? null : Number(value));
  return {
    ...values,
    department_id: values.department_id ? Number(values.department_id) : null,
    region_id: values.region_id ? Number(values.region_id) : null,
    hiring_manager_id: values.hiring_manager_id ? Number(values.hiring_manager_id) : null,
    salary_min: amount(values.salary_min),
    salary_max: amount(values.salary_max),
    openings: values.openings === '' ? Number.NaN : Number(values.openings),
    target_on: values.target_on === '' ? null : values.target_on,
  };
}

export function OpeningFormPage({ jobId }: { jobId: number | null }) {
  const job = useJob(jobId);
  if (jobId !== null && job.isPending) return <PageLoader label="Loading job" />;
  if (jobId !== null && job.isError)
    return (
      <Alert color="red">
        {isApiError(job.error) && job.error.status === 404 ? 'Not found.' : 'An error occured.'}
      </Alert>
    );
  return <OpeningForm key={jobId ?? 'new'} job={job.data ?? null} />;
}

function OpeningForm({ job }: { job: HrJob | null }) {
  const navigate = useNavigate();
  const staticData = useStaticData();
  const employees = useEmployeeOptions();
  const save = useSaveJob();
  const remove = useDeleteJob();
  const [values, setValues] = useState(() => openingFormValues(job));
  const [local, setLocal] = useState<FieldMessages>({});
  const set = <K extends keyof OpeningFormValues>(key: K, value: OpeningFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const shown = shownMessages(local, save.error);
  const options = (rows: { id: number; name: string }[] | undefined) =>
    (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = hrJobInputSchema.safeParse(openingInputOf(values));
    setLocal(contractMessages(parsed) ?? {});
    if (!parsed.success) return;
    try {
      const saved = await save.mutateAsync({ id: job?.id ?? null, input: parsed.data as HrJobInput });
      notifications.show({ color: 'green', message: saved.message });
      void navigate(job ? `/hr/jobs/details/${saved.data.id}` : `/hr/jobs/board/${saved.data.id}`);
    } catch {
      // The 422's messages show on the fields; any other message below the form.
    }
  };
  const drop = async () => {
    if (!job) return;
    try {
      const answer = await remove.mutateAsync(job.id);
      notifications.show({ color: 'green', message: answer.message });
      void navigate('/hr/jobs');
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'An error occured.' });
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={job ? 'Edit job' : 'New job'}>
      <Stack gap="md" maw={960}>
        <Group justify="space-between">
          <Title order={2}>{job ? `Edit ${job.title}` : 'New job'}</Title>
          <Button variant="default" onClick={() => void navigate(job ? `/hr/jobs/details/${job.id}` : '/hr/jobs')}>
            Back
          </Button>
        </Group>
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Title"
              required
              value={values.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={shown.title?.[0]}
            />
            <Select
              label="Status"
              allowDeselect={false}
              data={hrJobStatuses.map((status) => ({ value: status, label: hrJobStatusLabels[status] }))}
              value={values.status}
              onChange={(value) => value && set('status', value as HrJobStatus)}
              error={shown.status?.[0]}
            />
            <Select
              label="Department"
              clearable
              searchable
              data={options(staticData.data?.departments)}
              value={values.department_id}
              onChange={(value) => set('department_id', value)}
              error={shown.department_id?.[0]}
            />
            <Select
              label="Region"
              clearable
              searchable
              data={options(staticData.data?.regions)}
              value={values.region_id}
              onChange={(value) => set('region_id', value)}
              error={shown.region_id?.[0]}
            />
            <Select
              label="Employment type"
              allowDeselect={false}
              data={hrJobEmploymentTypes.map((type) => ({ value: type, label: hrJobEmploymentTypeLabels[type] }))}
              value={values.employment_type}
              onChange={(value) => value && set('employment_type', value as HrJobEmploymentType)}
              error={shown.employment_type?.[0]}
            />
            <Select
              label="Workplace"
              allowDeselect={false}
              data={hrJobWorkplaces.map((place) => ({ value: place, label: hrJobWorkplaceLabels[place] }))}
              value={values.workplace}
              onChange={(value) => value && set('workplace', value as HrJobWorkplace)}
              error={shown.workplace?.[0]}
            />
            <NumberInput
              label="Salary from"
              description="Several US states require the range in postings."
              min={0}
              thousandSeparator=","
              prefix="$"
              value={values.salary_min}
              onChange={(value) => set('salary_min', value)}
              error={shown.salary_min?.[0]}
            />
            <NumberInput
              label="Salary to"
              mt={{ sm: 'lg' }}
              min={0}
              thousandSeparator=","
              prefix="$"
              value={values.salary_max}
              onChange={(value) => set('salary_max', value)}
              error={shown.salary_max?.[0]}
            />
            <NumberInput
              label="Openings"
              min={1}
              max={999}
              allowDecimal={false}
              value={values.openings}
              onChange={(value) => set('openings', value)}
              error={shown.openings?.[0]}
            />
            <Select
              label="Hiring manager"
              clearable
              searchable
              data={employeeChoices(employees.data)}
              value={values.hiring_manager_id}
              onChange={(value) => set('hiring_manager_id', value)}
              error={shown.hiring_manager_id?.[0]}
            />
            <TextInput
              type="date"
              label="Target date"
              value={values.target_on}
              onChange={(e) => set('target_on', e.currentTarget.value)}
              error={shown.target_on?.[0]}
            />
          </SimpleGrid>
        </Paper>
        <Stack gap={4}>
          <Text fw={500} size="sm">
            Description
          </Text>
          <RichTextEditor
            label="Description"
            value={values.description_html}
            onChange={(html) => set('description_html', html)}
          />
          {shown.description_html?.[0] && (
            <Text c="red" size="sm">
              {shown.description_html[0]}
            </Text>
          )}
        </Stack>
        {save.error && (!isApiError(save.error) || !save.error.errors) ? (
          <Alert color="red">{save.error instanceof Error ? save.error.message : 'An error occured.'}</Alert>
        ) : null}
        <Group justify="space-between">
          {job ? (
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                confirmDelete({
                  title: 'Delete job?',
                  text: `${job.title} is deleted. A job with applicants is closed instead.`,
                  confirm: 'Yes, delete it!',
                  onConfirm: () => void drop(),
                })
              }
            >
              Delete job
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
