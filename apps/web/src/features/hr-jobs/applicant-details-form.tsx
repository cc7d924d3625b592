import {
  Alert,
  Button,
  Group,
  Rating,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  hrApplicantSourceLabels,
  hrApplicantSources,
  hrApplicantUpdateSchema,
  type HrApplicantDetail,
  type HrApplicantSource,
  type HrApplicantUpdateValues,
} from '@switchboard/shared/hr/jobs';
import { useState, type FormEvent } from 'react';
import { contractMessages, shownMessages, type FieldMessages } from '../../components/billing-form-parts.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useEmployeeOptions } from '../employees/api/employee.ts';
import { useUpdateApplicant } from './api/jobs.ts';
import { employeeChoices } from './choices.ts';

/** The drawer's Details: contact, source, rating, tags and (once rejected) the reason, saved with PUT. */
export function ApplicantDetailsForm({ applicant }: { applicant: HrApplicantDetail }) {
  const save = useUpdateApplicant(applicant.id);
  const employees = useEmployeeOptions();
  const [values, setValues] = useState({
    first_name: applicant.first_name,
    last_name: applicant.last_name,
    email: applicant.email,
    phone: applicant.phone,
    linkedin_url: applicant.linkedin_url,
    source: applicant.source,
    referred_by: applicant.referred_by ? String(applicant.referred_by.id) : null,
    rating: applicant.rating ?? 0,
    tags: applicant.tags,
    rejection_reason: applicant.rejection_reason,
  });
  const [local, setLocal] = useState<FieldMessages>({});
  const shown = shownMessages(local, save.error);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: HrApplicantUpdateValues = {
      ...values,
      referred_by: values.source === 'referral' && values.referred_by ? Number(values.referred_by) : null,
      rating: values.rating === 0 ? null : values.rating,
    };
    const parsed = hrApplicantUpdateSchema.safeParse(input);
    setLocal(contractMessages(parsed) ?? {});
    if (!parsed.success) return;
    try {
      const answer = await save.mutateAsync(parsed.data);
      notifications.show({ color: 'green', message: answer.message });
    } catch {
      // Shown on the fields or below them.
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Applicant details">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            required
            value={values.first_name}
            onChange={(e) => set('first_name', e.currentTarget.value)}
            error={shown.first_name?.[0]}
          />
          <TextInput
            label="Last name"
            required
            value={values.last_name}
            onChange={(e) => set('last_name', e.currentTarget.value)}
            error={shown.last_name?.[0]}
          />
          <TextInput
            label="Email"
            required
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={shown.email?.[0]}
          />
          <TextInput
            label="Phone"
            value={values.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
            error={shown.phone?.[0]}
          />
          <TextInput
            label="LinkedIn"
            value={values.linkedin_url}
            onChange={(e) => set('linkedin_url', e.currentTarget.value)}
            error={shown.linkedin_url?.[0]}
          />
          <Select
            label="Source"
            allowDeselect={false}
            data={hrApplicantSources.map((source) => ({ value: source, label: hrApplicantSourceLabels[source] }))}
            value={values.source}
            onChange={(value) => value && set('source', value as HrApplicantSource)}
            error={shown.source?.[0]}
          />
          {values.source === 'referral' && (
            <Select
              label="Referred by"
              searchable
              clearable
              data={employeeChoices(employees.data)}
              value={values.referred_by}
              onChange={(value) => set('referred_by', value)}
              error={shown.referred_by?.[0]}
            />
          )}
          <TagsInput label="Tags" value={values.tags} onChange={(tags) => set('tags', tags)} error={shown.tags?.[0]} />
        </SimpleGrid>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            Rating
          </Text>
          <Rating value={values.rating} onChange={(rating) => set('rating', rating)} aria-label="Rating" />
          {shown.rating?.[0] && (
            <Text c="red" size="sm">
              {shown.rating[0]}
            </Text>
          )}
        </Stack>
        {applicant.step.kind === 'rejected' && (
          <Textarea
            label="Rejection reason"
            autosize
            minRows={2}
            value={values.rejection_reason}
            onChange={(e) => set('rejection_reason', e.currentTarget.value)}
            error={shown.rejection_reason?.[0]}
          />
        )}
        {save.error && (!isApiError(save.error) || !save.error.errors) ? (
          <Alert color="red">{save.error instanceof Error ? save.error.message : 'An error occured.'}</Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
