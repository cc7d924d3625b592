import {
  Alert,
  Badge,
  Button,
  FileButton,
  Grid,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  hrFormFieldKindLabels,
  hrFormFieldKinds,
  hrFormInputSchema,
  hrFormKindLabels,
  hrFormKinds,
  type HrFormDetail,
  type HrFormField,
  type HrFormInput,
  type HrFormKind,
} from '@switchboard/shared/hr/forms';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { SortableList } from '../../../components/sortable-list.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { uploadFormFile, useHrForm, usePublishForm, useSaveForm, type UploadedFile } from '../api/forms.ts';
import { AssignDialog } from './assign-dialog.tsx';
import { FieldEditor, newField } from './field-editor.tsx';
import { emptyValues, FormFieldInput } from './form-fields.tsx';
import { FormPdf } from './form-pdf.tsx';

// The builder ('manage hr forms'; designs/hr.md §3 Builder, Versions): the draft's title, description, body (Tiptap)
// or uploaded PDF and its fields, dragged to reorder, with a live preview. Publish freezes the draft as a version.

type Messages = Record<string, string>;

interface Draft {
  title: string;
  description: string;
  kind: HrFormKind;
  body_html: string;
  file: UploadedFile | null;
  fields: HrFormField[];
}

const draftOf = (detail: HrFormDetail | null): Draft => ({
  title: detail?.title ?? '',
  description: detail?.description ?? '',
  kind: detail?.kind ?? 'acknowledgement',
  body_html: detail?.draft?.body_html ?? '',
  file: detail?.draft?.file ?? null,
  fields: detail?.draft?.fields ?? [],
});

const inputOf = (draft: Draft): HrFormInput => ({
  title: draft.title,
  description: draft.description,
  kind: draft.kind,
  body_html: draft.file ? '' : draft.body_html,
  file_id: draft.file?.id ?? null,
  fields: draft.fields,
});

/** The contract's messages keyed by their whole path ('title', 'fields.2.label'), first one each. */
function messagesOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Messages {
  const messages: Messages = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    messages[key] ??= issue.message;
  }
  return messages;
}

/** The messages of field `index` by the path inside it ('' for the field as a whole). */
function fieldMessages(messages: Messages, index: number): Messages {
  const prefix = `fields.${index}`;
  const own: Messages = {};
  for (const [key, message] of Object.entries(messages)) {
    if (key === prefix) own[''] = message;
    else if (key.startsWith(`${prefix}.`)) own[key.slice(prefix.length + 1)] = message;
  }
  return own;
}

export function FormBuilderView({ formId, onClose, onCreated }: BuilderProps) {
  const form = useHrForm(formId);
  if (formId === null) return <FormBuilder detail={null} onClose={onClose} onCreated={onCreated} />;
  if (form.isPending) return <Loader />;
  if (form.isError) return <Alert color="red">An error occured.</Alert>;
  return <FormBuilder key={formId} detail={form.data} onClose={onClose} onCreated={onCreated} />;
}

interface BuilderProps {
  formId: number | null;
  onClose: () => void;
  /** A new form was saved: the page moves to its id. */
  onCreated: (id: number) => void;
}

let nextUid = 0;
const uid = () => (nextUid += 1);

function FormBuilder({ detail, onClose, onCreated }: Omit<BuilderProps, 'formId'> & { detail: HrFormDetail | null }) {
  const save = useSaveForm();
  const publish = usePublishForm();
  const [draft, setDraft] = useState<Draft>(() => draftOf(detail));
  // Stable ids for the sortable rows (a field's key is editable).
  const uids = useRef<number[]>(draft.fields.map(uid));
  const [messages, setMessages] = useState<Messages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [dirty, setDirty] = useState(detail === null);
  const [bodyMode, setBodyMode] = useState<'text' | 'pdf'>(draft.file ? 'pdf' : 'text');
  const [uploading, setUploading] = useState(false);
  const [asking, setAsking] = useState(false);
  const [assigning, setAssigning] = useState(false);

  const change = (patch: Partial<Draft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setDirty(true);
  };
  const setFields = (fields: HrFormField[]) => change({ fields });
  const addField = (kind: HrFormField['kind']) => {
    uids.current = [...uids.current, uid()];
    setFields([
      ...draft.fields,
      newField(
        kind,
        draft.fields.map((field) => field.key),
      ),
    ]);
  };
  const moveField = (from: number, to: number) => {
    const fields = [...draft.fields];
    const ids = [...uids.current];
    const [field] = fields.splice(from, 1);
    const [id] = ids.splice(from, 1);
    fields.splice(to, 0, field!);
    ids.splice(to, 0, id!);
    uids.current = ids;
    setFields(fields);
  };
  const removeField = (index: number) => {
    uids.current = uids.current.filter((_, at) => at !== index);
    setFields(draft.fields.filter((_, at) => at !== index));
  };

  /** Saves the draft; answers the saved form, or null when the contract or the server refused it. */
  const saveDraft = async (): Promise<HrFormDetail | null> => {
    setFailure(null);
    const checked = hrFormInputSchema.safeParse(inputOf(draft));
    if (!checked.success) {
      setMessages(messagesOf(checked.error.issues));
      return null;
    }
    setMessages({});
    try {
      const saved = await save.mutateAsync({ id: detail?.id ?? null, input: checked.data });
      setDirty(false);
      notifications.show({ message: saved.message });
      if (!detail) onCreated(saved.data.id);
      return saved.data;
    } catch (error) {
      if (isApiError(error) && error.errors) {
        setMessages(Object.fromEntries(Object.entries(error.errors).map(([key, list]) => [key, list[0] ?? ''])));
      } else setFailure(isApiError(error) ? error.message : 'An error occured.');
      return null;
    }
  };

  const askPublish = async () => {
    if (!detail) return;
    if (dirty && !(await saveDraft())) return;
    setAsking(true);
  };
  const doPublish = async (requireResign: boolean) => {
    if (!detail) return;
    setAsking(false);
    try {
      const published = await publish.mutateAsync({ id: detail.id, input: { require_resign: requireResign } });
      notifications.show({ message: published.message });
      // A first version is assigned next; a later one already goes to its audience.
      if (!detail.current_version) setAssigning(true);
    } catch (error) {
      setFailure(isApiError(error) ? error.message : 'An error occured.');
    }
  };

  const choosePdf = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setFailure(null);
    try {
      change({ file: await uploadFormFile(file), body_html: '' });
    } catch (error) {
      setMessages({ file_id: isApiError(error) ? (error.errors?.file?.[0] ?? error.message) : 'An error occured.' });
    } finally {
      setUploading(false);
    }
  };

  const versions = detail?.versions ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={3}>{detail ? `Edit ${detail.title}` : 'New form'}</Title>
          {detail?.current_version ? (
            <Badge variant="light">Version {detail.current_version.version} published</Badge>
          ) : (
            detail && <Badge color="gray">Not published</Badge>
          )}
          {(dirty || detail?.has_unpublished_changes) && detail?.current_version && (
            <Badge color="yellow">Unpublished changes</Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            Back to forms
          </Button>
          <Button variant="default" loading={save.isPending} onClick={() => void saveDraft()}>
            Save draft
          </Button>
          {detail && (
            <>
              <Button loading={publish.isPending} onClick={() => void askPublish()}>
                Publish
              </Button>
              <Button variant="light" disabled={!detail.current_version} onClick={() => setAssigning(true)}>
                Assign
              </Button>
            </>
          )}
        </Group>
      </Group>
      {failure && <Alert color="red">{failure}</Alert>}
      {messages[''] && <Alert color="red">{messages['']}</Alert>}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md" component="section" aria-label="Form settings">
              <Stack gap="sm">
                <TextInput
                  label="Title"
                  required
                  value={draft.title}
                  onChange={(event) => change({ title: event.currentTarget.value })}
                  error={messages.title}
                />
                <Textarea
                  label="Description"
                  autosize
                  minRows={2}
                  value={draft.description}
                  onChange={(event) => change({ description: event.currentTarget.value })}
                  error={messages.description}
                />
                <Select
                  label="Kind"
                  data={hrFormKinds.map((kind) => ({ value: kind, label: hrFormKindLabels[kind] }))}
                  value={draft.kind}
                  onChange={(kind) => kind && change({ kind: kind as HrFormKind })}
                  allowDeselect={false}
                  error={messages.kind}
                />
              </Stack>
            </Paper>
            <Paper withBorder p="md" radius="md" component="section" aria-label="Body">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={5}>Body</Title>
                  <SegmentedControl
                    size="xs"
                    value={bodyMode}
                    onChange={(mode) => setBodyMode(mode as 'text' | 'pdf')}
                    data={[
                      { value: 'text', label: 'Text' },
                      { value: 'pdf', label: 'PDF' },
                    ]}
                  />
                </Group>
                {bodyMode === 'text' ? (
                  <RichTextEditor
                    label="Policy text"
                    value={draft.body_html}
                    onChange={(html) => change({ body_html: html, file: html ? null : draft.file })}
                  />
                ) : (
                  <Group gap="sm">
                    <FileButton accept="application/pdf" onChange={(file) => void choosePdf(file)}>
                      {(props) => (
                        <Button {...props} variant="default" loading={uploading}>
                          {draft.file ? 'Replace PDF' : 'Upload PDF'}
                        </Button>
                      )}
                    </FileButton>
                    {draft.file && (
                      <>
                        <Text size="sm">{draft.file.name}</Text>
                        <Button size="xs" variant="subtle" color="red" onClick={() => change({ file: null })}>
                          Remove
                        </Button>
                      </>
                    )}
                  </Group>
                )}
                {(messages.body_html || messages.file_id) && (
                  <Text c="red" size="sm">
                    {messages.body_html ?? messages.file_id}
                  </Text>
                )}
              </Stack>
            </Paper>
            <Paper withBorder p="md" radius="md" component="section" aria-label="Fields">
              <Group justify="space-between" mb="sm">
                <Title order={5}>Fields</Title>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />}>
                      Add field
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {hrFormFieldKinds.map((kind) => (
                      <Menu.Item key={kind} onClick={() => addField(kind)}>
                        {hrFormFieldKindLabels[kind]}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              </Group>
              {messages.fields && (
                <Text c="red" size="sm" mb="xs">
                  {messages.fields}
                </Text>
              )}
              {draft.fields.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No fields: signing asks only for the tick and the typed name.
                </Text>
              ) : (
                <SortableList
                  items={draft.fields}
                  idOf={(field) => uids.current[draft.fields.indexOf(field)] ?? field.key}
                  labelOf={(field, index) => field.label || `field ${index + 1}`}
                  onMove={moveField}
                >
                  {(field, index, grip) => (
                    <FieldEditor
                      field={field}
                      index={index}
                      grip={grip}
                      messages={fieldMessages(messages, index)}
                      onChange={(next) => setFields(draft.fields.map((old, at) => (at === index ? next : old)))}
                      onRemove={() => removeField(index)}
                    />
                  )}
                </SortableList>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Preview draft={draft} />
          {versions.length > 0 && (
            <Paper withBorder p="md" radius="md" mt="md" component="section" aria-label="Versions">
              <Title order={5} mb="xs">
                Versions
              </Title>
              <Stack gap={4}>
                {[...versions].reverse().map((version) => (
                  <Text size="sm" key={version.id}>
                    Version {version.version}: {new Date(version.published_at).toLocaleString()}
                    {version.published_by ? ` by ${version.published_by.name}` : ''}
                    {version.require_resign ? ', everyone signs again' : ''}
                  </Text>
                ))}
              </Stack>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Publish this form">
        <Stack gap="md">
          <Text>Require everyone to sign again?</Text>
          <Text size="sm" c="dimmed">
            Yes for a new policy text: everyone assigned signs the new version. No for a typo: signatures of the
            previous version stand.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button variant="light" onClick={() => void doPublish(false)}>
              No
            </Button>
            <Button onClick={() => void doPublish(true)}>Yes</Button>
          </Group>
        </Stack>
      </Modal>
      {assigning && detail && <AssignDialog form={detail} onClose={() => setAssigning(false)} />}
    </Stack>
  );
}

/** What the signer will see, from the draft as it is being edited. */
function Preview({ draft }: { draft: Draft }) {
  const [values, setValues] = useState(() => emptyValues(draft.fields));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Preview">
      <Stack gap="sm">
        <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
          Preview
        </Text>
        <Title order={4}>{draft.title || 'Untitled form'}</Title>
        {draft.description && <Text size="sm">{draft.description}</Text>}
        {draft.file ? <FormPdf file={draft.file} /> : draft.body_html && <SafeHtml html={draft.body_html} />}
        {draft.fields.map((field) => (
          <FormFieldInput
            key={field.key}
            field={field}
            value={values[field.key]}
            // The preview uploads nothing.
            disabled={field.kind === 'file'}
            onChange={(value) => setValues((previous) => ({ ...previous, [field.key]: value }))}
          />
        ))}
      </Stack>
    </Paper>
  );
}
