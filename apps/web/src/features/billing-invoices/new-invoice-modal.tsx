import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { invoiceTypeLabels, manualInvoiceTypes, type InvoiceInput } from '@switchboard/shared/billing/invoices';
import { useMemo, useState } from 'react';
import { useCompanyOptions } from '../../lib/company-options.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { savedId, useCompanyProjects, useCreateInvoice } from './api/invoices.ts';
import {
  checkInErrors,
  InvoiceSources,
  sourcedLineInput,
  withSourceLines,
  type SourcedLine,
} from './invoice-sources.tsx';
import { emptyLine, invoiceErrors, LineEditor } from './line-editor.tsx';

// "New invoice" (designs/billing.md §5): a draft for a company, one-off or for one of its projects, with its lines
// (typed, from item search, from recurring items, from unbilled check-ins), memo and terms; or a quote converted
// whole. The draft opens in the drawer, where it is approved and posted.

type ManualType = (typeof manualInvoiceTypes)[number];

/** Terms as typed: empty takes the default (the contract's, else Net 20); anything else is sent as typed. */
const termsValue = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

export function NewInvoiceModal(props: { opened: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { opened, onClose, onCreated } = props;
  const companies = useCompanyOptions();
  const create = useCreateInvoice();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [type, setType] = useState<ManualType>('one_off');
  const [projectId, setProjectId] = useState<number | null>(null);
  const projects = useCompanyProjects(type === 'project' ? companyId : null);
  const [lines, setLines] = useState<SourcedLine[]>(() => [emptyLine()]);
  const billedIds = useMemo(() => new Set(lines.flatMap((line) => line.checkin_ids ?? [])), [lines]);
  const [memo, setMemo] = useState('');
  const [terms, setTerms] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  const reset = () => {
    setCompanyId(null);
    setType('one_off');
    setProjectId(null);
    setLines([emptyLine()]);
    setMemo('');
    setTerms('');
    setErrors({});
    setMessage(null);
  };
  const submit = () => {
    setMessage(null);
    const body: InvoiceInput = {
      company_id: companyId ?? 0,
      type,
      project_id: type === 'project' ? projectId : null,
      payment_terms: termsValue(terms),
      memo,
      lines: lines.map(sourcedLineInput),
    };
    const found = invoiceErrors(body);
    if (type === 'project' && projectId === null) found.project_id ??= 'Choose the project.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, {
      onSuccess: (answer) => {
        const id = savedId(answer);
        reset();
        if (id !== null) onCreated(id);
        else onClose();
      },
      onError: (error) => {
        const { fields, message: text } = getFormErrors(error);
        setErrors(fields);
        setMessage(Object.keys(fields).length > 0 ? null : text);
      },
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New invoice" size="xl">
      <Stack gap="sm">
        <Select
          label="Company"
          required
          searchable
          data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
          value={companyId === null ? null : String(companyId)}
          error={errors.company_id}
          onChange={(value) => {
            setCompanyId(value ? Number(value) : null);
            setProjectId(null);
            // Check-ins are the company's: lines billing another company's time go with it.
            setLines((current) => {
              const kept = current.filter((line) => !line.checkin_ids?.length);
              return kept.length > 0 ? kept : [emptyLine()];
            });
          }}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="new-invoice-type">
            Type
          </Text>
          <SegmentedControl
            aria-labelledby="new-invoice-type"
            value={type}
            onChange={(value) => setType(value as ManualType)}
            data={manualInvoiceTypes.map((entry) => ({ value: entry, label: invoiceTypeLabels[entry] }))}
          />
        </div>
        {type === 'project' ? (
          <Select
            label="Project"
            required
            searchable
            disabled={companyId === null}
            placeholder={companyId === null ? 'Choose the company first' : undefined}
            data={(projects.data ?? []).map((project) => ({ value: String(project.id), label: project.title }))}
            value={projectId === null ? null : String(projectId)}
            error={errors.project_id}
            onChange={(value) => setProjectId(value ? Number(value) : null)}
          />
        ) : null}
        <InvoiceSources
          companyId={companyId}
          billedIds={billedIds}
          onAdd={(added) => setLines((current) => withSourceLines(current, added))}
          onConverted={(id) => {
            reset();
            onCreated(id);
          }}
        />
        <LineEditor lines={lines} onChange={setLines} errors={errors} />
        {checkInErrors(errors).map((text) => (
          <Text key={text} c="red" size="sm" role="alert">
            {text}
          </Text>
        ))}
        <Group grow align="flex-start">
          <TextInput
            label="Terms (days)"
            placeholder="Contract's, else 20"
            inputMode="numeric"
            value={terms}
            error={errors.payment_terms}
            onChange={(event) => setTerms(event.currentTarget.value)}
          />
        </Group>
        <Textarea
          label="Memo"
          value={memo}
          error={errors.memo}
          onChange={(event) => setMemo(event.currentTarget.value)}
        />
        {message ? (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            Create draft
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
