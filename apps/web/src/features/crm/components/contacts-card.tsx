import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { leadContactInputSchema, type LeadContact, type LeadContactInput } from '@switchboard/shared/crm-leads';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDelete } from '../../../components/confirm-dialogs.tsx';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useDeleteContact, useSaveContact } from '../api/leads.ts';
import { PhoneLink } from './phone-link.tsx';

const contactName = (contact: LeadContact) =>
  [contact.first_name, contact.last_name].filter(Boolean).join(' ') || '(no name)';

/** A lead's contacts and their numbers (call on click), with add, edit and delete. */
export function ContactsCard({
  leadId,
  companyName,
  contacts,
}: {
  leadId: number;
  companyName: string;
  contacts: readonly LeadContact[];
}) {
  const [editing, setEditing] = useState<LeadContact | 'new' | null>(null);
  const remove = useDeleteContact(leadId);
  return (
    <Stack gap="xs" component="section" aria-label="Contacts">
      <Group justify="space-between">
        <Text fw={600}>Contacts</Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setEditing('new')}
        >
          Add contact
        </Button>
      </Group>
      {contacts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No contacts yet.
        </Text>
      ) : (
        <Table aria-label="Contacts of the lead" verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {contacts.map((contact) => (
              <Table.Tr key={contact.id} data-contact-id={contact.id}>
                <Table.Td>
                  <Text size="sm" fw={contact.is_primary ? 600 : undefined}>
                    {contactName(contact)}
                  </Text>
                  {contact.title ? (
                    <Text size="xs" c="dimmed">
                      {contact.title}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <PhoneLink number={contact.phone} leadId={leadId} companyName={companyName} />
                    <PhoneLink number={contact.mobile} leadId={leadId} companyName={companyName} />
                  </Stack>
                </Table.Td>
                <Table.Td>{contact.email}</Table.Td>
                <Table.Td w={70}>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit contact ${contactName(contact)}`}
                      onClick={() => setEditing(contact)}
                    >
                      <IconPencil size={14} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete contact ${contactName(contact)}`}
                      onClick={() =>
                        confirmDelete({
                          title: 'Are you sure?',
                          text: "You won't be able to revert this!",
                          confirm: 'Yes, delete it!',
                          onConfirm: () =>
                            remove.mutate(contact.id, {
                              onSuccess: () => notifications.show({ color: 'green', message: 'Deleted!' }),
                              onError: () => notifications.show({ color: 'red', message: 'An error occured.' }),
                            }),
                        })
                      }
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing !== null ? (
        <ContactModal leadId={leadId} contact={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}

type ContactValues = {
  first_name: string;
  last_name: string;
  title: string;
  phone: string;
  phone_ext: string;
  mobile: string;
  email: string;
  is_primary: boolean;
};
const resolveContact = schemaResolver(leadContactInputSchema, { sync: true });
const contactInputOf = (values: ContactValues): LeadContactInput => {
  const text = (value: string) => (value.trim() === '' ? null : value);
  return {
    first_name: text(values.first_name),
    last_name: text(values.last_name),
    title: text(values.title),
    phone: text(values.phone),
    phone_ext: text(values.phone_ext),
    mobile: text(values.mobile),
    email: text(values.email),
    is_primary: values.is_primary,
  };
};

function ContactModal({
  leadId,
  contact,
  onClose,
}: {
  leadId: number;
  contact: LeadContact | null;
  onClose: () => void;
}) {
  const save = useSaveContact(leadId);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<ContactValues>({
    mode: 'controlled',
    initialValues: {
      first_name: contact?.first_name ?? '',
      last_name: contact?.last_name ?? '',
      title: contact?.title ?? '',
      phone: contact?.phone ?? '',
      phone_ext: contact?.phone_ext ?? '',
      mobile: contact?.mobile ?? '',
      email: contact?.email ?? '',
      is_primary: contact?.is_primary ?? false,
    },
    validate: (values) => resolveContact(contactInputOf(values)) as Record<string, string>,
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { contactId: contact?.id ?? null, input: contactInputOf(values) },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message ?? 'Contact saved.' });
          onClose();
        },
        onError: (error) => {
          const { fields } = getFormErrors(error);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
          else {
            setBanner('An error occured.');
            notifications.show({ color: 'red', message: 'An error occured.' });
          }
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={contact ? 'Edit contact' : 'Add contact'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {banner ? <Alert color="red">{banner}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="First name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" {...form.getInputProps('last_name')} />
            <TextInput label="Title" {...form.getInputProps('title')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
            <TextInput label="Ext." {...form.getInputProps('phone_ext')} />
            <TextInput label="Mobile" type="tel" {...form.getInputProps('mobile')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
          <Checkbox label="Primary contact" {...form.getInputProps('is_primary', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save contact
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
