import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  crmDocumentFileProblem,
  crmDocumentMessages,
  crmDocumentUpdateSchema,
  crmDocumentUploadFieldsSchema,
  formatFileSize,
  type CrmDocumentRow,
} from '@switchboard/shared/crm-documents';
import { IconDownload, IconPencil, IconSearch, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirmDelete } from '../../components/confirm-dialogs.tsx';
import { FileTypeIcon } from '../../components/file-type-icon.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { usePermissions } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import {
  downloadCrmDocument,
  useCrmDocuments,
  useDeleteCrmDocument,
  useUpdateCrmDocument,
  useUploadCrmDocument,
} from './api/documents.ts';

// /crm/documents (designs/crm-softphone.md §4.6): the sales library with the spec's file-type icons, a category filter
// and search (both in the URL), download for everyone with 'view crm'; upload, edit and delete with 'manage crm'.

export function DocumentsPage() {
  const manage = usePermissions().includes('manage crm');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 250);
  const category = params.get('category') ?? '';
  const list = useCrmDocuments({ q, category });
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<CrmDocumentRow | null>(null);
  const remove = useDeleteCrmDocument();
  const categories = list.data?.categories ?? [];
  const rows = list.data?.data ?? [];

  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  const chooseCategory = (value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('category', value);
      else next.delete('category');
      return next;
    });

  const download = (row: CrmDocumentRow) =>
    void downloadCrmDocument(row).catch(() => notifications.show({ color: 'red', message: 'An error occured.' }));

  const askDelete = (row: CrmDocumentRow) =>
    confirmDelete({
      title: 'Are you sure?',
      text: `Delete ${row.name}? E-mails already sent keep its name.`,
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
        <Title order={2}>Documents</Title>
        {manage && (
          <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
            Upload Document
          </Button>
        )}
      </Group>
      <Group align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name, description or file"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
        <Select
          label="Category"
          placeholder="All"
          clearable
          data={categories}
          value={category || null}
          onChange={chooseCategory}
          w={220}
        />
      </Group>
      {list.isError ? (
        <Alert color="red">An error occured.</Alert>
      ) : list.isPending ? (
        <Loader aria-label="Loading the documents" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{q || category ? 'No documents match.' : 'No documents yet.'}</Text>
      ) : (
        <Table striped highlightOnHover aria-label="Documents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th aria-label="Type" w={32} />
              <Table.Th>Name</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Uploaded</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`document-${row.id}`}>
                <Table.Td>
                  <FileTypeIcon fileName={row.original_name} size={20} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {row.name}
                  </Text>
                  {row.description ? (
                    <Text size="xs" c="dimmed">
                      {row.description}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {row.original_name}
                  </Text>
                </Table.Td>
                <Table.Td>{row.category ?? '—'}</Table.Td>
                <Table.Td>{formatFileSize(row.bytes)}</Table.Td>
                <Table.Td>
                  <RelativeTime value={row.created_at} size="sm" />
                  {row.uploaded_by ? (
                    <Text size="xs" c="dimmed">
                      {row.uploaded_by.name}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label="Download">
                      <ActionIcon variant="subtle" aria-label={`Download ${row.name}`} onClick={() => download(row)}>
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                    {manage && (
                      <>
                        <Tooltip label="Edit">
                          <ActionIcon variant="subtle" aria-label={`Edit ${row.name}`} onClick={() => setEditing(row)}>
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${row.name}`}
                            onClick={() => askDelete(row)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {manage && (
        <>
          <UploadDocumentModal opened={uploading} categories={categories} onClose={() => setUploading(false)} />
          <EditDocumentModal document={editing} categories={categories} onClose={() => setEditing(null)} />
        </>
      )}
    </Stack>
  );
}

type DocumentField = 'name' | 'category' | 'description';

/** Name, category and description: the same three fields when uploading a document and when editing one. */
function DocumentFields({
  fields,
  set,
  categories,
  errors,
}: {
  fields: Record<DocumentField, string>;
  set: Record<DocumentField, (value: string) => void>;
  categories: string[];
  errors: Record<string, string>;
}) {
  return (
    <>
      <TextInput
        label="Name"
        value={fields.name}
        onChange={(e) => set.name(e.currentTarget.value)}
        error={errors.name}
      />
      <Autocomplete
        label="Category"
        placeholder="Choose or type a category"
        data={categories}
        value={fields.category}
        onChange={set.category}
        error={errors.category}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        value={fields.description}
        onChange={(e) => set.description(e.currentTarget.value)}
        error={errors.description}
      />
    </>
  );
}

function UploadDocumentModal({
  opened,
  categories,
  onClose,
}: {
  opened: boolean;
  categories: string[];
  onClose(): void;
}) {
  const upload = useUploadCrmDocument();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setName('');
    setCategory('');
    setDescription('');
    setErrors({});
    setBanner(null);
  }, [opened]);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    const problem = chosen ? crmDocumentFileProblem(chosen) : null;
    setErrors(problem ? { file: problem } : {});
    if (chosen && !problem && name.trim() === '') setName(chosen.name.replace(/\.[^.]+$/, ''));
  };
  const submit = () => {
    const problem = file ? crmDocumentFileProblem(file) : crmDocumentMessages.fileRequired;
    const fields = crmDocumentUploadFieldsSchema.safeParse({ name, category, description });
    const found: Record<string, string> = {};
    if (problem) found.file = problem;
    if (!fields.success) for (const issue of fields.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setBanner(null);
    upload.mutate(
      { name, category, description, file },
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
    <Modal opened={opened} onClose={onClose} title="Upload Document">
      <Stack>
        {banner ? <Alert color="red">{banner}</Alert> : null}
        <FileInput
          label="File"
          description="PDF, Word, Excel, PowerPoint, PNG, JPG, GIF, text or CSV; up to 25 MB."
          placeholder="Choose a file"
          value={file}
          onChange={choose}
          error={errors.file}
          clearable
        />
        <DocumentFields
          fields={{ name, category, description }}
          set={{ name: setName, category: setCategory, description: setDescription }}
          categories={categories}
          errors={errors}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={upload.isPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function EditDocumentModal({
  document,
  categories,
  onClose,
}: {
  document: CrmDocumentRow | null;
  categories: string[];
  onClose(): void;
}) {
  const update = useUpdateCrmDocument();
  const [name, setName] = useState('');
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!document) return;
    setName(document.name);
    setCategory(document.category ?? '');
    setDescription(document.description ?? '');
    setErrors({});
  }, [document]);
  const submit = () => {
    if (!document) return;
    const input = { name, category, description };
    const fields = crmDocumentUpdateSchema.safeParse(input);
    if (!fields.success) {
      const found: Record<string, string> = {};
      for (const issue of fields.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    update.mutate(
      { id: document.id, ...input },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onClose();
        },
        onError: (error) => {
          const problems = getFormErrors(error);
          setErrors(problems.fields);
          if (Object.keys(problems.fields).length === 0)
            notifications.show({ color: 'red', message: problems.message });
        },
      },
    );
  };
  return (
    <Modal opened={document !== null} onClose={onClose} title="Edit Document">
      <Stack>
        <DocumentFields
          fields={{ name, category, description }}
          set={{ name: setName, category: setCategory, description: setDescription }}
          categories={categories}
          errors={errors}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
