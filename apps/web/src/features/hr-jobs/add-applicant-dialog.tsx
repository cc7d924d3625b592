import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Rating,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  hrApplicantCreateSchema,
  hrApplicantFileExtensions,
  hrApplicantFileMaxBytes,
  hrApplicantSourceLabels,
  hrApplicantSources,
  hrJobsMessages,
  type HrApplicantCreateValues,
  type HrApplicantFileKind,
  type HrApplicantSource,
} from '@switchboard/shared/hr/jobs';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { contractMessages, shownMessages, type FieldMessages } from '../../components/billing-form-parts.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useEmployeeOptions } from '../employees/api/employee.ts';
import { employeeChoices } from './choices.ts';
import { applicantFormData, useCreateApplicant } from './api/jobs.ts';

// Add applicant (designs/hr.md §5): the applicant's details and their resume, cover letter and other files (PDF, DOC,
// DOCX, 10 MB each), sent as one multipart request; a known e-mail's warning shows after the save.

const accept = hrApplicantFileExtensions.map((extension) => `.${extension}`).join(',');

/** The browser's check of a chosen file: the server checks the content again. */
export function applicantFileMessage(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(hrApplicantFileExtensions as readonly string[]).includes(extension)) return hrJobsMessages.fileType;
  if (file.size > hrApplicantFileMaxBytes) return hrJobsMessages.fileSize;
  return null;
}

const emptyApplicant = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  linkedin_url: '',
  source: 'other' as HrApplicantSource,
  referred_by: null as string | null,
  rating: 0,
  tags: [] as string[],
};

export function AddApplicantDialog({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const [, setParams] = useSearchParams();
  const create = useCreateApplicant(jobId);
  const employees = useEmployeeOptions();
  const [values, setValues] = useState(emptyApplicant);
  const [files, setFiles] = useState<Record<HrApplicantFileKind, File | null>>({
    resume: null,
    cover_letter: null,
    other: null,
  });
  const [local, setLocal] = useState<FieldMessages>({});
  const shown = shownMessages(local, create.error);
  const set = <K extends keyof typeof emptyApplicant>(key: K, value: (typeof emptyApplicant)[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: HrApplicantCreateValues = {
      ...values,
      referred_by: values.referred_by ? Number(values.referred_by) : null,
      rating: values.rating === 0 ? null : values.rating,
    };
    const messages = contractMessages(hrApplicantCreateSchema.safeParse(input)) ?? {};
    for (const [kind, file] of Object.entries(files)) {
      const message = file && applicantFileMessage(file);
      if (message) messages[kind] = [message];
    }
    setLocal(messages);
    if (Object.keys(messages).length > 0) return;
    const attached = Object.entries(files).flatMap(([kind, file]) =>
      file ? [{ kind: kind as HrApplicantFileKind, file }] : [],
    );
    try {
      const answer = await create.mutateAsync(applicantFormData(input, attached));
      notifications.show({ color: 'green', message: answer.message });
      for (const warning of answer.warnings)
        notifications.show({ color: 'yellow', message: warning, autoClose: 10_000 });
      onClose();
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('applicant', String(answer.data.id));
        return next;
      });
    } catch {
      // The 422's messages show on the fields, any other message below them.
    }
  };

  const fileInput = (kind: HrApplicantFileKind, label: string) => (
    <FileInput
      label={label}
      accept={accept}
      clearable
      value={files[kind]}
      onChange={(file) => setFiles((previous) => ({ ...previous, [kind]: file }))}
      error={shown[kind]?.[0]}
    />
  );

  return (
    <Modal opened onClose={onClose} title="Add applicant" size="lg">
      <form onSubmit={submit} noValidate aria-label="Add applicant">
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
              type="email"
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
              placeholder="https://www.linkedin.com/in/..."
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
            <TagsInput
              label="Tags"
              value={values.tags}
              onChange={(tags) => set('tags', tags)}
              error={shown.tags?.[0]}
            />
          </SimpleGrid>
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Rating
            </Text>
            <Rating value={values.rating} onChange={(rating) => set('rating', rating)} aria-label="Rating" />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {fileInput('resume', 'Resume')}
            {fileInput('cover_letter', 'Cover letter')}
            {fileInput('other', 'Other file')}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            PDF, DOC or DOCX, up to 10 MB each.
          </Text>
          {create.error && (!isApiError(create.error) || !create.error.errors) ? (
            <Alert color="red">{create.error instanceof Error ? create.error.message : 'An error occured.'}</Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
