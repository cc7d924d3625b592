import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  acknowledgementText,
  buildFormSchema,
  formNeedsAcknowledgement,
  hrFormMessages,
  namesMatch,
  type HrFormAssignment,
  type HrFormDetail,
  type HrFormValues,
  type HrFormVersion,
} from '@switchboard/shared/hr/forms';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { useHrForm, useSubmitForm } from '../api/forms.ts';
import { emptyValues, fieldError, FormFieldInput } from './form-fields.tsx';
import { FormPdf } from './form-pdf.tsx';

// The signing view (designs/hr.md §3 Signing): read the version, fill its fields, tick "I have read and understood
// {title} (version {n})", type one's full name and submit. A required typed-signature field is the signature itself.

interface SignValues {
  values: HrFormValues;
  acknowledged: boolean;
  signed_name: string;
}

export function SignFormView({ formId, onDone }: { formId: number; onDone: () => void }) {
  const form = useHrForm(formId);
  if (form.isPending) return <Loader />;
  if (form.isError)
    return (
      <Alert color="red" title="Form not found">
        {isApiError(form.error) && form.error.status === 404
          ? 'This form is not assigned to you.'
          : 'An error occured.'}
      </Alert>
    );
  const version = form.data.my_version ?? form.data.current_version;
  if (!version) return <Alert color="yellow">This form has not been published yet.</Alert>;
  return <SignVersion detail={form.data} version={version} onDone={onDone} key={version.id} />;
}

export function AssignmentBadge({ assignment }: { assignment: HrFormAssignment }) {
  if (assignment.status === 'done') return <Badge color="green">Signed</Badge>;
  if (assignment.status === 'overdue') return <Badge color="red">Overdue</Badge>;
  return <Badge color="blue">To do</Badge>;
}

/** The version's policy text, or its PDF drawn by the app's viewer. */
export function VersionBody({ version }: { version: HrFormVersion }) {
  if (version.file) return <FormPdf file={version.file} versionId={version.id} />;
  if (!version.body_html) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Policy text">
      <SafeHtml html={version.body_html} />
    </Paper>
  );
}

function SignVersion({
  detail,
  version,
  onDone,
}: {
  detail: HrFormDetail;
  version: HrFormVersion;
  onDone: () => void;
}) {
  const me = useCurrentUser();
  const submit = useSubmitForm();
  const signerName = me?.name ?? '';
  const needsTick = formNeedsAcknowledgement(version.kind);
  const signatureField = useMemo(
    () => version.fields.find((field) => field.kind === 'signature' && field.required),
    [version.fields],
  );
  const schema = useMemo(
    () =>
      z.object({
        values: buildFormSchema(version.fields, { signerName }),
        acknowledged: needsTick
          ? z.boolean().refine((ticked) => ticked, hrFormMessages.acknowledgeRequired)
          : z.boolean(),
        // A required signature field carries the name; otherwise the closing block asks for it.
        signed_name: signatureField
          ? z.string()
          : z.string().refine((typed) => namesMatch(typed, signerName), hrFormMessages.signatureMismatch),
      }),
    [version.fields, signerName, needsTick, signatureField],
  );
  const form = useForm<SignValues>({
    initialValues: { values: emptyValues(version.fields), acknowledged: false, signed_name: '' },
    validate: schemaResolver(schema, { sync: true }),
  });

  const done = detail.assignment?.status === 'done' && detail.assignment.version_id === version.id;
  const send = async (values: SignValues) => {
    const answers = schema.parse(values).values;
    const signedName = signatureField ? String(answers[signatureField.key] ?? '') : values.signed_name;
    try {
      const saved = await submit.mutateAsync({
        id: detail.id,
        input: { version_id: version.id, values: answers, acknowledged: values.acknowledged, signed_name: signedName },
      });
      notifications.show({ message: saved.message });
      onDone();
    } catch (failure) {
      if (isApiError(failure) && failure.errors) {
        form.setErrors(Object.fromEntries(Object.entries(failure.errors).map(([key, list]) => [key, list[0]])));
      } else {
        // A 409 (a newer version) reloads the form, so the message is also a toast that outlives this view.
        const message = isApiError(failure) ? failure.message : 'An error occured.';
        form.setErrors({ _form: message });
        notifications.show({ color: 'red', message });
      }
    }
  };

  return (
    <Stack gap="md" maw={820}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={3}>{detail.title}</Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Version {version.version}, published {new Date(version.published_at).toLocaleDateString()}
            </Text>
            {detail.assignment && <AssignmentBadge assignment={detail.assignment} />}
            {detail.assignment?.due_on && detail.assignment.status !== 'done' && (
              <Text size="sm" c={detail.assignment.status === 'overdue' ? 'red' : 'dimmed'}>
                Due {detail.assignment.due_on}
              </Text>
            )}
          </Group>
        </Stack>
        <Button variant="default" onClick={onDone}>
          Back to my forms
        </Button>
      </Group>
      {detail.description && <Text>{detail.description}</Text>}
      <VersionBody version={version} />
      {!detail.assignment ? (
        <Alert color="gray">This form is not assigned to you.</Alert>
      ) : done ? (
        <Alert color="green" title="Signed">
          You signed this version on {new Date(detail.assignment!.signed_at!).toLocaleString()}.{' '}
          <Anchor component={Link} to={`/pdf/hr_form/${detail.assignment!.submission_id}`}>
            Open the signed PDF
          </Anchor>
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit((values) => void send(values))} noValidate aria-label="Sign the form">
          <Stack gap="md">
            {version.fields.map((field) => (
              <FormFieldInput
                key={field.key}
                field={field}
                value={form.values.values[field.key]}
                error={fieldError(form.errors, field.key)}
                onChange={(value) => form.setFieldValue(`values.${field.key}`, value)}
              />
            ))}
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                {needsTick && (
                  <Checkbox
                    label={acknowledgementText(detail.title, version.version)}
                    {...form.getInputProps('acknowledged', { type: 'checkbox' })}
                  />
                )}
                {!signatureField && (
                  <TextInput
                    label="Your full name"
                    description={`Type ${signerName} to sign.`}
                    autoComplete="name"
                    required
                    styles={{ input: { fontStyle: 'italic', fontFamily: 'Georgia, serif' } }}
                    {...form.getInputProps('signed_name')}
                  />
                )}
                {typeof form.errors._form === 'string' && <Alert color="red">{form.errors._form}</Alert>}
                <Group>
                  <Button type="submit" loading={submit.isPending}>
                    Sign and submit
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
