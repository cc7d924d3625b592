import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  BASELINE_SUBJECT,
  baselineQuestionIds,
  baselineSections,
  exchangeFailedMessage,
  rowsMissingNotes,
} from '@switchboard/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useBaseline, useSaveBaseline } from './api/maintenance.ts';
import { ChecklistHeader } from './components/checklist-header.tsx';
import {
  ChecklistQuestionRow,
  ChecklistSectionCard,
  missingNotesMessage,
  rowsNamedBy,
  type ChecklistRow,
} from './components/checklist-rows.tsx';
import { revealFirstMissing } from './components/reveal-first-missing.ts';
import { checklistPath, headerOf, useChecklistTarget } from './maintenance-paths.ts';

const emptyRows = (): ChecklistRow[] => baselineQuestionIds.map((id) => ({ question_id: id, answer: 0, notes: '' }));
/** Spec 2 §2 Baseline Security checklist: create, or edit when the route ends with the baseline id. */
export function BaselinePage() {
  const target = useChecklistTarget('baseline');
  const navigate = useNavigate();
  const editing = target.recordId !== null;
  const record = useBaseline(target.recordId);
  const save = useSaveBaseline();
  const [rows, setRows] = useState<ChecklistRow[]>(emptyRows);
  const [flagged, setFlagged] = useState<Set<number>>(new Set());
  // Counts refused saves: each one brings the first highlighted row into view once it is drawn.
  const [refusals, setRefusals] = useState(0);
  const form = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusals > 0) revealFirstMissing(form.current);
  }, [refusals]);

  const loaded = record.data;
  useEffect(() => {
    if (!loaded) return;
    const byId = new Map(loaded.answers.map((answer) => [answer.question_id, answer]));
    setRows(emptyRows().map((row) => byId.get(row.question_id) ?? row));
  }, [loaded]);

  // A flagged row stays highlighted until its notes are written.
  const missing = new Set(rowsMissingNotes(rows).filter((id) => flagged.has(id)));
  const change = (next: ChecklistRow) =>
    setRows((current) => current.map((row) => (row.question_id === next.question_id ? next : row)));

  const submit = () => {
    const blocked = rowsMissingNotes(rows);
    setFlagged(new Set(blocked));
    if (blocked.length > 0) {
      setRefusals((count) => count + 1);
      return;
    }
    save.mutate(
      { ...headerOf(target), id: target.recordId, subject: BASELINE_SUBJECT, answers: rows },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          if (!editing) navigate(checklistPath('baseline', target, answer.data.id), { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 422) {
            setFlagged(new Set(rowsNamedBy(error.errors, rows)));
            setRefusals((count) => count + 1);
          }
          notifications.show({
            color: 'red',
            message: isApiError(error) && error.status === 422 ? error.message : exchangeFailedMessage,
          });
        },
      },
    );
  };

  if (editing && record.isPending) return <PageLoader label="Loading checklist" />;
  return (
    <Stack gap="md" maw={1000} ref={form}>
      <ChecklistHeader
        title="Baseline Security"
        ticketId={target.ticketId}
        companyId={target.companyId}
        onRecordUpdated={() => void record.refetch()}
      />
      {baselineSections.map((section) => (
        <ChecklistSectionCard key={section.title} title={section.title} note={section.note}>
          {section.questions.map((question) => (
            <ChecklistQuestionRow
              key={question.id}
              label={`${question.id}. ${question.question}`}
              kind={question.kind}
              row={rows.find((row) => row.question_id === question.id)!}
              missing={missing.has(question.id)}
              onChange={change}
            />
          ))}
        </ChecklistSectionCard>
      ))}
      {missing.size > 0 && (
        <Alert color="red" variant="light" role="alert">
          {missingNotesMessage}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          {editing ? 'Update Baseline' : 'Save Baseline'}
        </Button>
      </Group>
    </Stack>
  );
}
