import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { approvalDecisionInputSchema, type PublicApproval } from '@switchboard/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { api, isApiError } from '../../lib/api-client.ts';

// The page a mailed approval link opens (decision 0046): no sign-in, outside the shell. It shows the project's
// summary (and the quotes' PDFs for a labor approval) and takes one answer, Approve or Deny with a comment. A billing
// quote without a project (decision 0097) shows only its quote.

/** A project-less quote's link answers no project (the server's contract widens the shared one; decision 0097). */

const kindTitles: Record<PublicApproval['kind'], string> = {
  planning: 'Planning approval',
  labor: 'Labor and quote approval',
};

const linkPath = (token: string) => `/api/public/approvals/${encodeURIComponent(token)}`;
const explain = (error: unknown) =>
  isApiError(error) && error.hasServerMessage ? error.message : 'The approval could not be loaded. Please try again.';

function Paragraphs({ label, text }: { label: string; text: string }) {
  if (!text) return null;
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </Stack>
  );
}

export function PublicApprovalPage() {
  const token = useParams().token ?? '';
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const approval = useQuery({
    queryKey: ['public-approval', token] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: PublicApproval }>(linkPath(token), { signal, auth: false })).data,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const answer = useMutation({
    mutationFn: (decision: 'approve' | 'deny') =>
      api.post<{ message: string }>(linkPath(token), { decision, comment }, { auth: false }),
  });

  const decide = (decision: 'approve' | 'deny') => {
    const checked = approvalDecisionInputSchema.safeParse({ decision, comment });
    if (!checked.success) {
      setCommentError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setCommentError(null);
    answer.mutate(decision);
  };

  let body;
  if (approval.isPending) body = <Loader aria-label="Loading" />;
  else if (answer.isSuccess) {
    body = (
      <Alert color="green" role="status" title="Answer recorded">
        {answer.data.message}
      </Alert>
    );
  } else if (approval.isError) {
    body = (
      <Alert color="orange" role="alert">
        {explain(approval.error)}
      </Alert>
    );
  } else {
    const { project, documents } = approval.data;
    body = (
      <Stack gap="md">
        <Title order={2}>{project ? kindTitles[approval.data.kind] : 'Quote approval'}</Title>
        <Text style={{ whiteSpace: 'pre-line' }}>{approval.data.message}</Text>
        {project ? (
          <Card withBorder>
            <Stack gap="xs">
              <Title order={3}>{project.title}</Title>
              <Text size="sm">
                {project.company}
                {project.site ? ` · ${project.site}` : ''}
              </Text>
              <Paragraphs label="Goals" text={project.goals} />
            </Stack>
          </Card>
        ) : null}
        {documents.length > 0 ? (
          <Stack gap={4}>
            <Text fw={600}>Documents</Text>
            {documents.map((document) =>
              document.has_pdf ? (
                <Anchor
                  key={document.quote_id}
                  href={`${linkPath(token)}/quotes/${document.quote_id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {document.label} (PDF)
                </Anchor>
              ) : (
                <Text key={document.quote_id} size="sm">
                  {document.label}
                </Text>
              ),
            )}
          </Stack>
        ) : null}
        <Textarea
          label="Comment"
          description="Required when you deny the request."
          autosize
          minRows={3}
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={commentError}
        />
        {answer.isError ? (
          <Alert color="red" role="alert">
            {explain(answer.error)}
          </Alert>
        ) : null}
        <Group>
          <Button
            color="green"
            onClick={() => decide('approve')}
            loading={answer.isPending && answer.variables === 'approve'}
            disabled={answer.isPending}
          >
            Approve
          </Button>
          <Button
            color="red"
            variant="light"
            onClick={() => decide('deny')}
            loading={answer.isPending && answer.variables === 'deny'}
            disabled={answer.isPending}
          >
            Deny
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Sent to {approval.data.recipient}. This link works once and expires on{' '}
          {new Date(approval.data.expires_at).toLocaleDateString()}.
        </Text>
      </Stack>
    );
  }

  return (
    <Center mih="100vh" p="md">
      <Card withBorder shadow="sm" p="xl" w="100%" maw={720}>
        {body}
      </Card>
    </Center>
  );
}
