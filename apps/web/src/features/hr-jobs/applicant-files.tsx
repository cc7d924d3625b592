import { Alert, Button, FileInput, Group, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  hrApplicantFileExtensions,
  hrApplicantFileKindLabels,
  hrApplicantFileKinds,
  hrApplicantFilesPerRequest,
  hrJobsMessages,
  type HrApplicantDetail,
  type HrApplicantFileKind,
} from '@switchboard/shared/hr/jobs';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { applicantFileMessage } from './add-applicant-dialog.tsx';
import { confirmDelete } from '../../components/confirm-dialogs.tsx';
import { downloadApplicantFile, useAddFiles, useDeleteFile } from './api/jobs.ts';

const accept = hrApplicantFileExtensions.map((extension) => `.${extension}`).join(',');

/** "2.4 MB", "512 KB". */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The drawer's Files: each downloaded through the app (the server checks who reads it), and more added. */
export function ApplicantFiles({ applicant }: { applicant: HrApplicantDetail }) {
  const add = useAddFiles(applicant.id);
  const remove = useDeleteFile(applicant.id);
  const [kind, setKind] = useState<HrApplicantFileKind>('resume');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (file: HrApplicantDetail['files'][number]) => {
    try {
      await downloadApplicantFile(file);
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'An error occured.' });
    }
  };
  const drop = async (file: HrApplicantDetail['files'][number]) => {
    try {
      const answer = await remove.mutateAsync(file.id);
      notifications.show({ color: 'green', message: answer.message });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'An error occured.' });
    }
  };
  const upload = async () => {
    const message =
      files.length === 0
        ? hrJobsMessages.fileRequired
        : files.length > hrApplicantFilesPerRequest
          ? `At most ${hrApplicantFilesPerRequest} files at once.`
          : (files.map(applicantFileMessage).find(Boolean) ?? null);
    setProblem(message);
    if (message) return;
    try {
      const answer = await add.mutateAsync({ kind, files });
      notifications.show({ color: 'green', message: answer.message });
      setFiles([]);
    } catch (error) {
      const fields = isApiError(error) ? Object.values(error.errors ?? {}).flat() : [];
      setProblem(fields[0] ?? (error instanceof Error ? error.message : 'An error occured.'));
    }
  };
  return (
    <Stack gap="sm">
      {applicant.files.length === 0 ? (
        <Text c="dimmed" size="sm">
          No files yet.
        </Text>
      ) : (
        <Table aria-label="Files">
          <Table.Tbody>
            {applicant.files.map((file) => (
              <Table.Tr key={file.id}>
                <Table.Td>
                  <Text size="sm">{file.name}</Text>
                  <Text size="xs" c="dimmed">
                    {hrApplicantFileKindLabels[file.kind]} · {fileSize(file.size)}
                  </Text>
                </Table.Td>
                <Table.Td w={applicant.access === 'manage' ? 220 : 130}>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      onClick={() => void download(file)}
                      aria-label={`Download ${file.name}`}
                    >
                      Download
                    </Button>
                    {applicant.access === 'manage' && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${file.name}`}
                        onClick={() =>
                          confirmDelete({
                            title: 'Delete file?',
                            text: `${file.name} is erased.`,
                            confirm: 'Yes, delete it!',
                            onConfirm: () => void drop(file),
                          })
                        }
                      >
                        Delete
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {applicant.access === 'manage' && (
        <Group align="flex-end" gap="sm">
          <Select
            label="Kind"
            w={150}
            allowDeselect={false}
            data={hrApplicantFileKinds.map((each) => ({ value: each, label: hrApplicantFileKindLabels[each] }))}
            value={kind}
            onChange={(value) => value && setKind(value as HrApplicantFileKind)}
          />
          <FileInput
            label="Files"
            multiple
            accept={accept}
            clearable
            value={files}
            onChange={setFiles}
            style={{ flex: 1 }}
          />
          <Button loading={add.isPending} onClick={() => void upload()}>
            Upload
          </Button>
        </Group>
      )}
      {problem && <Alert color="red">{problem}</Alert>}
    </Stack>
  );
}
