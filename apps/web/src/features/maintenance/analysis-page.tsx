import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ANALYSIS_SUBJECT,
  FIRST_DRIVE_QUESTION_ID,
  analysisQuestionIds,
  analysisSections,
  driveLabel,
  exchangeFailedMessage,
  rowsMissingNotes,
} from '@switchboard/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useAnalysis, useSaveAnalysis, useServerDrives } from './api/maintenance.ts';
import { ChecklistHeader } from './components/checklist-header.tsx';
import {
  ChecklistQuestionRow,
  ChecklistSectionCard,
  missingNotesMessage,
  type ChecklistRow,
} from './components/checklist-rows.tsx';
import { checklistPath, headerOf, useChecklistTarget } from './maintenance-paths.ts';

interface DriveRow extends ChecklistRow {
  drive_id: number | null;
  letter: string;
  size: number;
}

const emptyRows = (): ChecklistRow[] => analysisQuestionIds.map((id) => ({ question_id: id, answer: null, notes: '' }));

/** The server's drives as rows from id 20 up (spec 2 §2), in letter order. */
const driveRowsOf = (drives: { id: number; letter: string; size: number }[]): DriveRow[] =>
  drives.map((drive, index) => ({
    question_id: FIRST_DRIVE_QUESTION_ID + index,
    drive_id: drive.id,
    letter: drive.letter,
    size: drive.size,
    answer: null,
    notes: '',
  }));

/** Spec 2 §2 Server Analysis: create, or edit when the route ends with the analysis id. */
export function AnalysisPage() {
  const target = useChecklistTarget('analysis');
  const navigate = useNavigate();
  const editing = target.recordId !== null;
  const record = useAnalysis(target.recordId);
  const drives = useServerDrives(target.serverId);
  const save = useSaveAnalysis(target.recordId);
  const [rows, setRows] = useState<ChecklistRow[]>(emptyRows);
  const [driveRows, setDriveRows] = useState<DriveRow[]>([]);
  const [flagged, setFlagged] = useState<Set<number>>(new Set());

  const loaded = record.data;
  const serverDrives = drives.data;
  useEffect(() => {
    if (loaded) {
      const byId = new Map(loaded.answers.map((answer) => [answer.question_id, answer]));
      setRows(emptyRows().map((row) => byId.get(row.question_id) ?? row));
      setDriveRows(loaded.drives);
    } else if (!editing && serverDrives) setDriveRows(driveRowsOf(serverDrives.drives));
  }, [loaded, serverDrives, editing]);

  const all = [...rows, ...driveRows];
  const missing = new Set(rowsMissingNotes(all).filter((id) => flagged.has(id)));
  const change = (next: ChecklistRow) => {
    if (next.question_id >= FIRST_DRIVE_QUESTION_ID)
      setDriveRows((current) =>
        current.map((row) => (row.question_id === next.question_id ? { ...row, ...next } : row)),
      );
    else setRows((current) => current.map((row) => (row.question_id === next.question_id ? next : row)));
  };

  const submit = () => {
    const blocked = rowsMissingNotes(all);
    setFlagged(new Set(blocked));
    if (blocked.length > 0) return;
    save.mutate(
      { ...headerOf(target), subject: ANALYSIS_SUBJECT, answers: rows, drives: driveRows },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          if (!editing) navigate(checklistPath('analysis', target, answer.data.id), { replace: true });
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: isApiError(error) && error.status === 422 ? error.message : exchangeFailedMessage,
          }),
      },
    );
  };

  if ((editing && record.isPending) || (!editing && drives.isPending)) return <PageLoader label="Loading checklist" />;
  const rowOf = (id: number) => rows.find((row) => row.question_id === id)!;
  return (
    <Stack gap="md" maw={1000}>
      <ChecklistHeader
        title="Server Analysis"
        ticketId={target.ticketId}
        companyId={target.companyId}
        onRecordUpdated={() => void record.refetch()}
      />
      {analysisSections.map((section) => (
        <ChecklistSectionCard key={section.title} title={section.title} note={section.note}>
          {section.questions.map((question) => (
            <ChecklistQuestionRow
              key={question.id}
              label={`${question.id}. ${question.question}`}
              kind={question.kind}
              row={rowOf(question.id)}
              missing={missing.has(question.id)}
              onChange={change}
            />
          ))}
          {section.title === 'Disk' &&
            driveRows.map((drive) => (
              <ChecklistQuestionRow
                key={drive.question_id}
                label={`${drive.question_id}. ${driveLabel(drive.letter)}`}
                kind="gb"
                row={drive}
                missing={missing.has(drive.question_id)}
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
          {editing ? 'Update Analysis' : 'Save Analysis'}
        </Button>
      </Group>
    </Stack>
  );
}
