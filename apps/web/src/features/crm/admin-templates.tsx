import {
  Alert,
  Button,
  Code,
  Group,
  Input,
  Loader,
  Modal,
  MultiSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { crmEmailTemplateInputSchema, mergeFields, type CrmEmailTemplateRow } from '@switchboard/shared/crm-documents';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { confirmDelete } from '../../components/confirm-dialogs.tsx';
import { usePermissions } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { RowActions } from './admin-dialogs.tsx';
import { useCrmDocuments, useDeleteEmailTemplate, useEmailTemplates, useSaveEmailTemplate } from './api/documents.ts';

// /crm/admin/email (the navigation's link; /crm/admin/templates too; designs/crm-softphone.md §4.9): e-mail templates
// with {{merge fields}} and the library documents they attach. The server sanitises the body and refuses unknown
// merge fields; the dialog shows its 422 texts on the fields.

const RichTextEditor = lazy(() =>
  import('../../components/rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })),
);

export function EmailTemplatesAdmin() {
  const manage = usePermissions().includes('manage crm');
  const list = useEmailTemplates();
  const remove = useDeleteEmailTemplate();
  const [editing, setEditing] = useState<CrmEmailTemplateRow | 'new' | null>(null);
  const rows = list.data ?? [];
  const askDelete = (row: CrmEmailTemplateRow) =>
    confirmDelete({
      title: 'Are you sure?',
      text: `Delete the template ${row.name}?`,
      confirm: 'Yes, delete it!',
      onConfirm: () =>
        remove.mutate(row.id, {
          onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
          onError: (error) => notifications.show({ color: 'red', message: getFormErrors(error).message }),
        }),
    });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Email Templates</Title>
        {manage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add Template
          </Button>
        )}
      </Group>
      {list.isError ? (
        <Alert color="red">An error occured.</Alert>
      ) : list.isPending ? (
        <Loader aria-label="Loading the templates" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No templates yet.</Text>
      ) : (
        <Table striped highlightOnHover aria-label="Email templates">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Subject</Table.Th>
              <Table.Th>Documents</Table.Th>
              {manage && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`template-${row.id}`}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.subject}</Table.Td>
                <Table.Td>{row.document_ids.length}</Table.Td>
                {manage && (
                  <Table.Td>
                    <RowActions label={row.name} onEdit={() => setEditing(row)} onDelete={() => askDelete(row)} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {manage && editing !== null && <TemplateModal template={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function TemplateModal({ template, onClose }: { template: CrmEmailTemplateRow | 'new'; onClose(): void }) {
  const save = useSaveEmailTemplate();
  const documents = useCrmDocuments();
  const existing = template === 'new' ? null : template;
  const [name, setName] = useState(existing?.name ?? '');
  const [subject, setSubject] = useState(existing?.subject ?? '');
  const [body, setBody] = useState(existing?.body_html ?? '');
  const [documentIds, setDocumentIds] = useState<string[]>((existing?.document_ids ?? []).map(String));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  useEffect(() => setBanner(null), [template]);

  const submit = () => {
    const input = { name, subject, body_html: body, document_ids: documentIds.map(Number) };
    const checked = crmEmailTemplateInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { id: existing?.id ?? null, input },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onClose();
        },
        onError: (error) => {
          const problems = getFormErrors(error);
          setErrors(problems.fields);
          setBanner(problems.message);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={existing ? 'Edit Template' : 'Add Template'} size="xl">
      <Stack>
        {banner ? <Alert color="red">{banner}</Alert> : null}
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
        <TextInput
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          error={errors.subject}
        />
        <Input.Wrapper label="Body" error={errors.body_html}>
          <Suspense fallback={<Loader size="sm" aria-label="Loading the editor" />}>
            <RichTextEditor value={body} onChange={setBody} label="Body" />
          </Suspense>
        </Input.Wrapper>
        <Text size="xs" c="dimmed">
          Merge fields:{' '}
          {mergeFields.map((field, index) => (
            <span key={field.key} title={field.label}>
              {index > 0 ? ' ' : ''}
              <Code>{`{{${field.key}}}`}</Code>
            </span>
          ))}
        </Text>
        <MultiSelect
          label="Documents"
          placeholder="Attach library documents"
          data={(documents.data?.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
          value={documentIds}
          onChange={setDocumentIds}
          searchable
          error={errors.document_ids}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
