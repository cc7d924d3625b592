import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  GRADE_ANSWER_NA,
  gradeAnswerLabels,
  gradeNotesRequiredMessage,
  gradeScores,
  NA_NOTES,
  type Grade,
  type GradeForm,
} from '@switchboard/shared';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDelete, showFailedDialog } from '../../../components/confirm-dialogs.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useCompanyDetail } from '../api/company-detail.ts';
import { useDeleteGrade, useGrade, useGradeForm, useSaveGrade } from '../api/network-grades.ts';
import { letterColor } from './letter-color.ts';
import { PageLoader } from '../../../components/page-loader.tsx';

/**
 * Spec 2 §2 Network grades: /companies/{companyId}/grades/new adds a grade, /grades/manage/{gradeId} (ManageGrade)
 * edits one and /grades/view/{gradeId} shows one. Saving or deleting returns to the company's Network Grades tab.
 */
export function GradePage() {
  const params = useParams();
  const companyId = Number(params.companyId);
  // /grades/view/{id} (ViewGrade) has no method segment of its own.
  const method = params.method ?? 'view';
  const gradeId = params.view && /^\d+$/.test(params.view) ? Number(params.view) : null;
  const company = useCompanyDetail(companyId);
  const form = useGradeForm();
  const grade = useGrade(method === 'new' ? null : gradeId);

  if (!['new', 'manage', 'view'].includes(method) || (method !== 'new' && gradeId === null)) return <NotFoundPage />;
  if (company.isPending || form.isPending || (method !== 'new' && grade.isPending)) {
    return <PageLoader label="Loading grade" />;
  }
  if (company.isError || form.isError || grade.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        The network grade could not be loaded.
      </Alert>
    );
  }
  if (grade.data && grade.data.company_id !== companyId) return <NotFoundPage />;

  const back = `/companies/${companyId}/network-grade`;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {method === 'new' ? 'New Network Grade' : 'Network Grade'} for {company.data.name}
        </Title>
        <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Back
        </Button>
      </Group>
      {method === 'view' && grade.data ? (
        <GradeView grade={grade.data} companyId={companyId} />
      ) : (
        <GradeEditor
          companyId={companyId}
          sites={company.data.sites.map((site) => ({ value: String(site.id), label: site.name }))}
          form={form.data}
          grade={grade.data ?? null}
          back={back}
        />
      )}
    </Stack>
  );
}

interface AnswerState {
  id: number;
  category: string;
  question: string;
  answer: number | null;
  notes: string;
}

function GradeEditor({
  companyId,
  sites,
  form,
  grade,
  back,
}: {
  companyId: number;
  sites: { value: string; label: string }[];
  form: GradeForm;
  grade: Grade | null;
  back: string;
}) {
  const navigate = useNavigate();
  const save = useSaveGrade(companyId);
  const remove = useDeleteGrade(companyId);
  // An edited grade keeps the questions it was answered with; a new one uses the current form.
  const [answers, setAnswers] = useState<AnswerState[]>(() =>
    grade
      ? grade.scores.flatMap((section) =>
          section.answers.map((answer) => ({
            id: answer.id,
            category: section.category,
            question: answer.question,
            answer: answer.answer,
            notes: answer.notes,
          })),
        )
      : form.flatMap((section) =>
          section.questions.map((question) => ({
            id: question.id,
            category: section.category,
            question: question.question,
            answer: null,
            notes: '',
          })),
        ),
  );
  const [siteId, setSiteId] = useState<string | null>(grade ? String(grade.site_id) : null);
  const [siteError, setSiteError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<Set<number>>(new Set());

  const categories = [...new Set(answers.map((answer) => answer.category))];
  const scores = gradeScores(
    answers
      .filter((answer) => answer.answer !== null)
      .map((answer) => ({ category: answer.category, answer: answer.answer! })),
  );
  const scoreOf = (category: string) => scores.categories.find((entry) => entry.category === category);

  const update = (id: number, change: Partial<AnswerState>) => {
    setAnswers((current) => current.map((answer) => (answer.id === id ? { ...answer, ...change } : answer)));
    setInvalid((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  };

  const submit = () => {
    // Spec 2 §5: every question needs notes (and an answer); empty ones get a danger border and nothing is saved.
    const missing = new Set(
      answers.filter((answer) => answer.answer === null || answer.notes.trim() === '').map((answer) => answer.id),
    );
    setInvalid(missing);
    setSiteError(siteId ? null : 'The site field is required.');
    if (missing.size > 0 || !siteId) return;
    save.mutate(
      {
        gradeId: grade?.grade_id ?? null,
        siteId: Number(siteId),
        questions: answers.map((answer) => ({ id: answer.id, answer: answer.answer!, notes: answer.notes })),
      },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          void navigate(back);
        },
        // Spec 2 §8: network grade failures are only logged; field errors still show where they belong.
        onError: (error) => {
          const { fields } = getFormErrors(error);
          if (fields.site_id) setSiteError(fields.site_id);
          console.error('The network grade was not saved', error);
        },
      },
    );
  };

  const askDelete = () =>
    grade &&
    confirmDelete({
      title: 'Are you sure?',
      text: "You won't be able to revert this!",
      confirm: 'Yes, delete it!',
      onConfirm: () =>
        remove.mutate(grade.grade_id, {
          onSuccess: (answer) => {
            notifications.show({ color: 'green', message: answer.message });
            void navigate(back);
          },
          onError: (error) => showFailedDialog(getFormErrors(error).message),
        }),
    });

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-end">
          <Select
            label="Site"
            required
            data={sites}
            value={siteId}
            onChange={setSiteId}
            error={siteError}
            w={320}
            nothingFoundMessage="Add a site to the company first"
          />
          <Group gap="xs" aria-label="Overall grade">
            <Text fw={600}>Overall</Text>
            <Badge size="xl" color={letterColor(scores.letter)}>
              {scores.letter}
            </Badge>
          </Group>
        </Group>
      </Card>
      {invalid.size > 0 ? (
        <Alert color="red" variant="light" role="alert">
          Every question needs an answer and notes.
        </Alert>
      ) : null}
      {categories.map((category) => (
        <Card key={category} withBorder padding="md" role="group" aria-label={category}>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {category}
            </Title>
            <Badge color={letterColor(scoreOf(category)?.letter ?? 'N/A')} size="lg">
              {scoreOf(category)?.letter ?? 'N/A'}
            </Badge>
          </Group>
          <Stack gap="sm">
            {answers
              .filter((answer) => answer.category === category)
              .map((answer) => (
                <Stack key={answer.id} gap={4} role="group" aria-label={answer.question}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text size="sm">{answer.question}</Text>
                    <SegmentedControl
                      size="xs"
                      aria-label="Answer"
                      value={answer.answer === null ? '' : String(answer.answer)}
                      data={[1, 2, 3].map((code) => ({ value: String(code), label: gradeAnswerLabels[code]! }))}
                      onChange={(value) =>
                        update(answer.id, {
                          answer: Number(value),
                          ...(Number(value) === GRADE_ANSWER_NA ? { notes: NA_NOTES } : {}),
                        })
                      }
                    />
                  </Group>
                  <Textarea
                    aria-label="Notes"
                    placeholder="Notes"
                    autosize
                    minRows={1}
                    value={answer.notes}
                    onChange={(event) => update(answer.id, { notes: event.currentTarget.value })}
                    error={
                      invalid.has(answer.id)
                        ? answer.answer === null
                          ? 'Choose Yes, No or N/A.'
                          : gradeNotesRequiredMessage
                        : undefined
                    }
                  />
                </Stack>
              ))}
          </Stack>
        </Card>
      ))}
      <Group justify="space-between">
        {grade ? (
          <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={askDelete}>
            Delete
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={submit} loading={save.isPending}>
          {grade ? 'Update' : 'Save'}
        </Button>
      </Group>
    </Stack>
  );
}

function GradeView({ grade, companyId }: { grade: Grade; companyId: number }) {
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Group justify="space-between">
          <Text>
            {grade.site} · {new Date(grade.created_at).toLocaleDateString('en-US')}
            {grade.created_by ? ` · ${grade.created_by}` : ''}
          </Text>
          <Group gap="xs" aria-label="Overall grade">
            <Text fw={600}>Overall</Text>
            <Badge size="xl" color={letterColor(grade.letter)}>
              {grade.letter}
            </Badge>
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`/companies/${companyId}/grades/manage/${grade.grade_id}`}
            >
              Edit
            </Button>
          </Group>
        </Group>
      </Card>
      {grade.scores.map((section) => (
        <Card key={section.category} withBorder padding={0}>
          <Group justify="space-between" p="sm">
            <Title order={2} size="h4">
              {section.category}
            </Title>
            <Badge color={letterColor(section.letter)} size="lg">
              {section.letter}
            </Badge>
          </Group>
          <Table verticalSpacing="xs" aria-label={section.category}>
            <Table.Tbody>
              {section.answers.map((answer) => (
                <Table.Tr key={answer.id}>
                  <Table.Td w="55%">{answer.question}</Table.Td>
                  <Table.Td>{gradeAnswerLabels[answer.answer]}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{answer.notes}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      ))}
    </Stack>
  );
}
