import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  createUserInputSchema,
  updateUserInputSchema,
  userAdminTypeLabels,
  userAdminTypes,
  userCreateFailedMessage,
  type UserAdminRow,
  type UserAdminType,
} from '@switchboard/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useCreateUser, useUpdateUser } from './api/users.ts';

export const passwordPlaceholder = 'Min 6 Characters';
const updateFailedMessage = 'An error occured.';
const formFields = ['name', 'email', 'password', 'type', 'current_password'] as const;

interface UserFormValues {
  name: string;
  email: string;
  password: string;
  type: UserAdminType;
  /** On one's own row: asked to change one's own password or e-mail (decision 0057). */
  current_password: string;
}

const typeOptions = userAdminTypes.map((value) => ({ value, label: userAdminTypeLabels[value] }));

/** Spec 1 §2.6, §5: the users admin create / edit modal with the server's errors under each field. */
export function UserFormModal({
  user,
  opened,
  onClose,
}: {
  user: UserAdminRow | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={user ? 'Edit User' : 'Add New User'} centered>
      {/* Keyed so that each opening starts from the row (or empty) values. */}
      {opened ? <UserForm key={user?.id ?? 'new'} user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

function UserForm({ user, onDone }: { user: UserAdminRow | null; onDone: () => void }) {
  const editing = user !== null;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const [banner, setBanner] = useState<string | null>(null);
  const currentUser = useCurrentUser();
  const own = editing && currentUser?.id === user.id;

  const form = useForm<UserFormValues>({
    mode: 'uncontrolled',
    initialValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      type: user?.type ?? 'user',
      current_password: '',
    },
    validate: schemaResolver(editing ? updateUserInputSchema : createUserInputSchema, { sync: true }),
  });

  const showFailure = (error: unknown, fallback: string) => {
    const { fields } = getFormErrors(error);
    const known = Object.fromEntries(
      Object.entries(fields).filter(([field]) => (formFields as readonly string[]).includes(field)),
    );
    if (Object.keys(known).length > 0) {
      form.setErrors(known);
      return;
    }
    setBanner(fallback);
    notifications.show({ color: 'red', message: fallback });
  };

  const submit = form.onSubmit((values) => {
    setBanner(null);
    if (editing) {
      const input = {
        ...updateUserInputSchema.parse(values),
        ...(values.current_password ? { current_password: values.current_password } : {}),
      };
      updateUser.mutate(
        { id: user.id, input },
        {
          onSuccess: (answer) => {
            notifications.show({ color: 'green', message: answer.message });
            onDone();
          },
          onError: (error) => showFailure(error, updateFailedMessage),
        },
      );
      return;
    }
    createUser.mutate(createUserInputSchema.parse(values), {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        onDone();
      },
      // Spec 1 §8: a create that fails without field errors says 'Some error occured! Please try again'.
      onError: (error) => showFailure(error, userCreateFailedMessage),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {banner ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {banner}
          </Alert>
        ) : null}
        <TextInput
          label="Name"
          required
          autoComplete="off"
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="off"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          required={!editing}
          placeholder={passwordPlaceholder}
          description={editing ? 'Leave empty to keep the current password.' : undefined}
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        {own ? (
          <PasswordInput
            label="Current Password"
            description="Needed to change your own password or e-mail."
            autoComplete="current-password"
            key={form.key('current_password')}
            {...form.getInputProps('current_password')}
          />
        ) : null}
        <Select
          label="Type"
          required
          data={typeOptions}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          key={form.key('type')}
          {...form.getInputProps('type')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={createUser.isPending || updateUser.isPending}>
            {editing ? 'Update' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
