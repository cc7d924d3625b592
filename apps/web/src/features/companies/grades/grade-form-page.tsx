import { ActionIcon, Alert, Button, Card, Group, Stack, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { GradeForm } from '@switchboard/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useGradeForm, useSaveGradeForm } from '../api/network-grades.ts';
import { PageLoader } from '../../../components/page-loader.tsx';

/** Spec 2 §2: /companies/networkgrade/form, the Manage Form screen where the grading questions are edited by section. */
export function GradeFormPage() {
  const form = useGradeForm();
  if (form.isPending) {
    return <PageLoader label="Loading the grading form" />;
  }
  if (form.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        The grading form could not be loaded.
      </Alert>
    );
  }
  return <GradeFormEditor initial={form.data} />;
}

interface QuestionRow {
  key: string;
  id?: number;
  question: string;
}

let newKeys = 0;

function GradeFormEditor({ initial }: { initial: GradeForm }) {
  const save = useSaveGradeForm();
  const [sections, setSections] = useState(() =>
    initial.map((section) => ({
      category: section.category,
      questions: section.questions.map((q): QuestionRow => ({ key: `q-${q.id}`, id: q.id, question: q.question })),
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = (category: string, update: (questions: QuestionRow[]) => QuestionRow[]) =>
    setSections((current) =>
      current.map((section) =>
        section.category === category ? { ...section, questions: update(section.questions) } : section,
      ),
    );

  const submit = () => {
    const missing: Record<string, string> = {};
    sections.forEach((section, s) =>
      section.questions.forEach(
        (q, i) =>
          q.question.trim() === '' &&
          (missing[`sections.${s}.questions.${i}.question`] = 'The question field is required.'),
      ),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    save.mutate(
      sections.map((section) => ({
        category: section.category,
        questions: section.questions.map(({ id, question }) => ({ id, question })),
      })),
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          setSections(
            answer.data.map((section) => ({
              category: section.category,
              questions: section.questions.map((q) => ({ key: `q-${q.id}`, id: q.id, question: q.question })),
            })),
          );
        },
        onError: (error) => {
          const { fields, message } = getFormErrors(error);
          setErrors(fields);
          notifications.show({ color: 'red', message });
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Manage Network Grade Form
        </Title>
        <Button onClick={submit} loading={save.isPending}>
          Save Form
        </Button>
      </Group>
      {sections.map((section, s) => (
        <Card key={section.category} withBorder padding="md" role="group" aria-label={section.category}>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {section.category}
            </Title>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() =>
                change(section.category, (questions) => [...questions, { key: `new-${++newKeys}`, question: '' }])
              }
            >
              Add Question
            </Button>
          </Group>
          <Stack gap="xs">
            {section.questions.map((question, i) => (
              <Group key={question.key} wrap="nowrap" align="flex-start">
                <Textarea
                  style={{ flex: 1 }}
                  aria-label={`Question ${i + 1}`}
                  autosize
                  minRows={1}
                  value={question.question}
                  error={errors[`sections.${s}.questions.${i}.question`]}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    change(section.category, (questions) =>
                      questions.map((q) => (q.key === question.key ? { ...q, question: text } : q)),
                    );
                  }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={6}
                  aria-label={`Remove question ${i + 1}`}
                  onClick={() =>
                    change(section.category, (questions) => questions.filter((q) => q.key !== question.key))
                  }
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
