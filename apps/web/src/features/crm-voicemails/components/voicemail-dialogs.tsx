import { Alert, Button, FileInput, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatVoicemailLength,
  VOICEMAIL_MAX_DURATION_MS,
  voicemailFileProblem,
  voicemailMessages,
  voicemailNameFromFile,
  voicemailUploadFieldsSchema,
  type VoicemailRow,
} from '@switchboard/shared/crm-voicemails';
import { IconMicrophone, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useDeleteVoicemail, useUpdateVoicemail, useUploadVoicemail } from '../api/voicemails.ts';
import { startWavRecording, type WavRecording } from '../recorder.ts';
import { BlobPlayer } from './blob-player.tsx';

// The page's dialogs: upload a file, record one, rename, delete (naming the new default when the default goes).
// The browser checks what the server checks (the shared contract); the server's 422 texts show on the fields.

function useSaveRecording(onDone: () => void) {
  const upload = useUploadVoicemail();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const save = (name: string, file: Blob, fileName: string) => {
    const fields = voicemailUploadFieldsSchema.safeParse({ name });
    if (!fields.success) {
      setErrors({ name: fields.error.issues[0]!.message });
      return;
    }
    setErrors({});
    setBanner(null);
    upload.mutate(
      { name: fields.data.name, file, fileName },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onDone();
        },
        onError: (error) => {
          const problems = getFormErrors(error);
          setErrors(problems.fields);
          setBanner(problems.message);
        },
      },
    );
  };
  return { save, errors, setErrors, banner, pending: upload.isPending };
}

export function UploadModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const saving = useSaveRecording(onClose);
  useEffect(() => {
    if (!opened) return;
    setName('');
    setFile(null);
    saving.setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [opened]);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    const problem = chosen ? voicemailFileProblem(chosen) : null;
    saving.setErrors(problem ? { file: problem } : {});
    if (chosen && !problem && name.trim() === '') setName(voicemailNameFromFile(chosen.name));
  };
  const submit = () => {
    const problem = file ? voicemailFileProblem(file) : voicemailMessages.fileRequired;
    if (problem || !file) {
      saving.setErrors({ file: problem ?? voicemailMessages.fileRequired });
      return;
    }
    saving.save(name, file, file.name);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Upload Voicemail">
      <Stack>
        {saving.banner && <Alert color="red">{saving.banner}</Alert>}
        <FileInput
          label="Recording"
          description="MP3 or WAV, up to 5 MB and 2 minutes"
          placeholder="Choose a file"
          accept=".wav,.mp3,audio/wav,audio/x-wav,audio/mpeg"
          value={file}
          onChange={choose}
          error={saving.errors.file}
          clearable
        />
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={saving.errors.name}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={saving.pending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export const microphoneMessage = 'The microphone could not be opened.';

export function RecordModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const [name, setName] = useState('');
  const [recorded, setRecorded] = useState<Blob | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [recording, setRecording] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const session = useRef<WavRecording | null>(null);
  const saving = useSaveRecording(onClose);

  const discard = () => setRecorded(null);
  const stop = async () => {
    const current = session.current;
    session.current = null;
    setRecording(false);
    if (!current) return;
    setRecorded(await current.stop());
  };
  const start = async () => {
    discard();
    setProblem(null);
    try {
      session.current = await startWavRecording();
      setSeconds(0);
      setRecording(true);
    } catch {
      setProblem(microphoneMessage);
    }
  };

  // The timer, and the stop at the longest length the server takes.
  useEffect(() => {
    if (!recording) return;
    const timer = window.setInterval(() => {
      const now = session.current?.seconds() ?? 0;
      setSeconds(now);
      if (now * 1000 >= VOICEMAIL_MAX_DURATION_MS - 250) void stop();
    }, 250);
    return () => window.clearInterval(timer);
  }, [recording]);

  // Closing the dialog ends a capture and frees the preview.
  useEffect(() => {
    if (opened) {
      setName('');
      setProblem(null);
      saving.setErrors({});
      return;
    }
    void session.current?.cancel();
    session.current = null;
    setRecording(false);
    discard();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on open and close only
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title="Record Voicemail">
      <Stack>
        {(problem ?? saving.banner) && <Alert color="red">{problem ?? saving.banner}</Alert>}
        <Group>
          {recording ? (
            <Button color="red" leftSection={<IconPlayerStop size={16} />} onClick={() => void stop()}>
              Stop
            </Button>
          ) : (
            <Button leftSection={<IconMicrophone size={16} />} onClick={() => void start()}>
              {recorded ? 'Record Again' : 'Start Recording'}
            </Button>
          )}
          {(recording || recorded) && (
            <Text aria-label="Recorded length">{formatVoicemailLength(Math.round(seconds * 1000))}</Text>
          )}
        </Group>
        {recorded && <BlobPlayer blob={recorded} />}
        {saving.errors.file && <Alert color="red">{saving.errors.file}</Alert>}
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={saving.errors.name}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!recorded || recording}
            loading={saving.pending}
            onClick={() => recorded && saving.save(name, recorded, 'recording.wav')}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function RenameModal({ voicemail, onClose }: { voicemail: VoicemailRow | null; onClose(): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateVoicemail();
  useEffect(() => {
    setName(voicemail?.name ?? '');
    setError(undefined);
  }, [voicemail]);
  const submit = () => {
    if (!voicemail) return;
    const fields = voicemailUploadFieldsSchema.safeParse({ name });
    if (!fields.success) return setError(fields.error.issues[0]!.message);
    update.mutate(
      { id: voicemail.id, name: fields.data.name },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onClose();
        },
        onError: (failure) => {
          const problems = getFormErrors(failure);
          setError(problems.fields.name ?? problems.message);
        },
      },
    );
  };
  return (
    <Modal opened={voicemail !== null} onClose={onClose} title="Rename Voicemail">
      <Stack>
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          data-autofocus
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

export function DeleteModal({
  voicemail,
  others,
  onClose,
}: {
  voicemail: VoicemailRow | null;
  others: readonly VoicemailRow[];
  onClose(): void;
}) {
  const [newDefault, setNewDefault] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteVoicemail();
  useEffect(() => {
    setNewDefault(null);
    setError(undefined);
  }, [voicemail]);
  const submit = () => {
    if (!voicemail) return;
    if (voicemail.is_default && newDefault === null) return setError(voicemailMessages.deleteDefault);
    remove.mutate(
      { id: voicemail.id, newDefaultId: voicemail.is_default ? Number(newDefault) : null },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onClose();
        },
        onError: (failure) => {
          const problems = getFormErrors(failure);
          setError(problems.fields.new_default_id ?? problems.message);
        },
      },
    );
  };
  return (
    <Modal opened={voicemail !== null} onClose={onClose} title="Delete Voicemail">
      <Stack>
        <Text>
          Delete <b>{voicemail?.name}</b>? Calls that left it keep its name.
        </Text>
        {voicemail?.is_default && (
          <Select
            label="New default voicemail"
            data={others.map((row) => ({ value: String(row.id), label: row.name }))}
            value={newDefault}
            onChange={setNewDefault}
            error={error}
            comboboxProps={{ withinPortal: false }}
          />
        )}
        {!voicemail?.is_default && error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
