import { Alert, Avatar, Badge, Button, Card, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  canChangeAccountField,
  canCreateEmployee,
  currentPasswordRequiredMessage,
  canDisableAccount,
  createEmployeeInputSchema,
  employeeLoadFailedMessage,
  employeePhotoSizeMessage,
  employeePhotoTypeMessage,
  EMPLOYEE_PHOTO_MAX_BYTES,
  employeePhotoMimeTypes,
  employeeViews,
  updateEmployeeInputSchema,
  type AccountFieldGroup,
  type EmployeeDetail,
  type EmployeeView,
} from '@switchboard/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { NoPermission } from '../../components/no-permission.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { SessionsCard } from '../../components/sessions-card.tsx';
import { useAccountActor } from '../../lib/account-actor.ts';
import { usePermissions } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useAgentPhoneNumbers, useEmployee, useEmployeeOptions, useSaveEmployee } from './api/employee.ts';
import { useLiveEmployees } from './api/employees.ts';
import { employeeAreaOf, type EmployeeArea } from './employee-filters.ts';
import {
  AccountFields,
  AgentFields,
  allEditable,
  changesOwnCredentials,
  employeeFormData,
  employeeFormValues,
  InformationFields,
  type EditableGroups,
  type EmployeeForm,
  type EmployeeFormValues,
  workHoursOf,
} from './employee-form-fields.tsx';
import { hirePrefillOf, linkHiredApplicant } from './hire-prefill.ts';
import { EmployeeHolidaysView } from './holidays/employee-holidays-view.tsx';
import { EmployeePtoView } from './pto/employee-pto-view.tsx';
import { resizePhoto } from './resize-photo.ts';
import { PageLoader } from '../../components/page-loader.tsx';

/**
 * Spec 1 §2.6: /employees/create and /employees/edit/{id}/{view}, the same under /hr/employees and /crm/agents.
 * (The permissions view has its own route; its tab links there.)
 */
export function EmployeeEditPage() {
  const { method, employeeId, view } = useParams();
  const area = employeeAreaOf(useLocation().pathname);
  if (method === 'create' && !employeeId) return <EmployeeCreate area={area} />;
  if (method === 'edit' && employeeId && /^\d+$/.test(employeeId)) {
    return (
      <EmployeeEdit
        key={employeeId}
        area={area}
        employeeId={Number(employeeId)}
        view={(view ?? 'account') as EmployeeView}
      />
    );
  }
  return <NotFoundPage />;
}

/**
 * Client-side checks with the server's own schema, plus the photo's type and size; on one's own record, a changed
 * password, e-mail or two-factor needs the current password (decision 0057).
 */
function validate(values: EmployeeFormValues, creating: boolean, own?: EmployeeDetail): Record<string, string> {
  const payload = {
    ...values,
    departments: values.departments.map(Number),
    twofactor_enabled: values.twofactor_enabled ? 1 : 0,
    reminder_emails: values.reminder_emails ? 1 : 0,
    work_hours: workHoursOf(values),
  };
  const parsed = (creating ? createEmployeeInputSchema : updateEmployeeInputSchema).safeParse(payload);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  if (values.photo && !(employeePhotoMimeTypes as readonly string[]).includes(values.photo.type))
    errors.photo = employeePhotoTypeMessage;
  else if (values.photo && values.photo.size > EMPLOYEE_PHOTO_MAX_BYTES * 4) errors.photo = employeePhotoSizeMessage;
  if (own && changesOwnCredentials(values, own) && !values.current_password)
    errors.current_password = currentPasswordRequiredMessage;
  return errors;
}

function useSubmit(form: EmployeeForm, id: number | null, includeAgent: boolean, onSaved: (newId: number) => void) {
  const save = useSaveEmployee();
  const submit = form.onSubmit(async (values) => {
    const photo = values.photo ? await resizePhoto(values.photo) : null;
    if (photo && photo.size > EMPLOYEE_PHOTO_MAX_BYTES) {
      form.setFieldError('photo', employeePhotoSizeMessage);
      return;
    }
    save.mutate(
      { id, form: employeeFormData({ ...values, photo }, { includeAgent }) },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          form.setFieldValue('password', '');
          form.setFieldValue('password_confirmation', '');
          form.setFieldValue('current_password', '');
          form.setFieldValue('photo', null);
          onSaved(answer.data.id);
        },
        onError: (error) => {
          const { fields, message } = getFormErrors(error);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
          notifications.show({ color: 'red', message });
        },
      },
    );
  });
  return { submit, saving: save.isPending };
}

function EmployeeCreate({ area }: { area: EmployeeArea }) {
  const actor = useAccountActor();
  if (!actor) return <PageLoader label="Loading" />;
  // Decision 0025: the administrator type or 'view human resources' adds employees.
  if (!canCreateEmployee(actor)) return <NoPermission />;
  return <EmployeeCreateForm area={area} />;
}

function EmployeeCreateForm({ area }: { area: EmployeeArea }) {
  const navigate = useNavigate();
  const options = useEmployeeOptions();
  const [params] = useSearchParams();
  // A hire from /hr/jobs prefills the form and names the applicant to link (read once: the query is not kept).
  const [hire] = useState(() => hirePrefillOf(params));
  const form = useForm<EmployeeFormValues>({
    mode: 'controlled',
    initialValues: { ...employeeFormValues(null), ...hire.values },
    validate: (values) => validate(values, true),
  });
  // After create go to edit/{new id} in the same area (spec 1 §2.6), once a hired applicant is linked to it.
  const { submit, saving } = useSubmit(form, null, false, (id) => {
    const linked = hire.applicantId === null ? Promise.resolve() : linkHiredApplicant(hire.applicantId, id);
    void linked
      .then(
        (answer) => answer && notifications.show({ color: 'green', message: answer.message }),
        (error: unknown) =>
          notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'An error occured.' }),
      )
      .finally(() => void navigate(`${area.base}/edit/${id}/account`));
  });
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          New {area.title === 'Agents' ? 'Agent' : 'Employee'}
        </Title>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => void navigate(area.base)}
        >
          Back
        </Button>
      </Group>
      <form onSubmit={submit} noValidate aria-label="New employee">
        <Stack gap="md">
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              Account
            </Title>
            <AccountFields form={form} employee={null} creating editable={allEditable} />
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              Employee Information
            </Title>
            <InformationFields form={form} editable={allEditable} employees={options.data} />
          </Card>
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function EmployeeEdit({ area, employeeId, view }: { area: EmployeeArea; employeeId: number; view: EmployeeView }) {
  const employee = useEmployee(employeeId);
  useLiveEmployees();
  if (employee.isPending) {
    return <PageLoader label="Loading employee" />;
  }
  if (employee.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {employeeLoadFailedMessage}
      </Alert>
    );
  }
  return <EmployeeEditor area={area} employee={employee.data} view={view} />;
}

/** What the signed-in user may change on this employee, from the rule the server enforces (decision 0025). */
function useEditableGroups(
  employee: EmployeeDetail,
): EditableGroups & { timeOff: boolean; sessions: boolean; own: boolean } {
  const actor = useAccountActor();
  const target = { id: employee.user_id, type: 'Employee', role: employee.user.role } as const;
  const can = (group: AccountFieldGroup) => actor !== null && canChangeAccountField(actor, target, group);
  return {
    credentials: can('credentials'),
    disable: actor !== null && canDisableAccount(actor, target),
    profile: can('profile'),
    employment: can('employment'),
    agent: can('agent'),
    timeOff: can('time_off'),
    sessions: can('sessions'),
    own: actor?.id === employee.user_id,
  };
}

function EmployeeEditor({
  area,
  employee,
  view,
}: {
  area: EmployeeArea;
  employee: EmployeeDetail;
  view: EmployeeView;
}) {
  const navigate = useNavigate();
  const permissions = usePermissions();
  const manageCrm = permissions.includes('manage crm');
  const editable = useEditableGroups(employee);
  const options = useEmployeeOptions();
  const numbers = useAgentPhoneNumbers(manageCrm);
  const form = useForm<EmployeeFormValues>({
    mode: 'controlled',
    initialValues: employeeFormValues(employee),
    validate: (values) => validate(values, false, editable.own ? employee : undefined),
  });
  const { submit, saving } = useSubmit(form, employee.user_id, editable.agent, () => form.resetDirty());

  // Views gated by the permission the spec names (spec 1 §6).
  const allowed = (entry: EmployeeView) =>
    (entry !== 'agent' || manageCrm) &&
    (entry !== 'permissions' || permissions.includes('manage employee permissions')) &&
    (entry !== 'sessions' || editable.sessions);
  const visible = employeeViews.filter((entry) => allowed(entry.view));
  if (!employeeViews.some((entry) => entry.view === view) || !allowed(view)) return <NotFoundPage />;
  const to = (id: number, next: string) => `${area.base}/edit/${id}/${next}`;

  const formView = view === 'account' || view === 'basicinformation' || view === 'agent';
  // A view whose fields the signed-in user may not change is shown read-only, without Update (decision 0025).
  const canUpdate =
    (view === 'account' && (editable.credentials || editable.profile)) ||
    (view === 'basicinformation' && (editable.profile || editable.employment)) ||
    (view === 'agent' && editable.agent);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Avatar src={employee.user.photo} name={employee.user.name} color="initials" size={48} radius="xl" alt="" />
          <div>
            <Group gap="xs">
              <Title order={1} size="h2">
                {employee.user.name}
              </Title>
              <Badge color={employee.deleted_at ? 'gray' : 'green'}>
                {employee.deleted_at ? 'Disabled' : 'Enabled'}
              </Badge>
            </Group>
            <Text c="dimmed" size="sm">
              {employee.title ?? ''}
            </Text>
          </div>
        </Group>
        {/* A dropdown switches to another employee and keeps the view (spec 1 §2.6). */}
        <Select
          aria-label="Switch employee"
          searchable
          w={280}
          value={String(employee.user_id)}
          data={(options.data ?? []).map((option) => ({ value: String(option.user_id), label: option.user.name }))}
          onChange={(value) => value && void navigate(to(Number(value), view))}
        />
      </Group>
      <Tabs value={view} onChange={(next) => next && void navigate(to(employee.user_id, next))}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {visible.map((entry) => (
            <Tabs.Tab key={entry.view} value={entry.view}>
              {entry.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {formView ? (
        <form onSubmit={submit} noValidate aria-label={employeeViews.find((entry) => entry.view === view)!.label}>
          <Card withBorder padding="lg">
            <Stack gap="md">
              {view === 'account' ? (
                <AccountFields
                  form={form}
                  employee={employee}
                  creating={false}
                  editable={editable}
                  own={editable.own}
                />
              ) : null}
              {view === 'basicinformation' ? (
                <InformationFields form={form} editable={editable} employee={employee} employees={options.data} />
              ) : null}
              {view === 'agent' ? (
                <AgentFields
                  form={form}
                  numbers={numbers.data ?? []}
                  employeeId={employee.user_id}
                  editable={editable}
                  testPhone={manageCrm}
                />
              ) : null}
              {canUpdate ? (
                <Group justify="flex-end">
                  <Button type="submit" loading={saving}>
                    Update
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Card>
        </form>
      ) : null}
      {view === 'pto' ? <EmployeePtoView employeeId={employee.user_id} canChangeOwn={editable.timeOff} /> : null}
      {view === 'emp_holidays' ? (
        <EmployeeHolidaysView employeeId={employee.user_id} canChangeOwn={editable.timeOff} />
      ) : null}
      {view === 'sessions' ? <SessionsCard userId={employee.user_id} /> : null}
    </Stack>
  );
}
