import { Paper, Stack, Title } from '@mantine/core';
import { ChatWorkspace } from './components/chat-workspace.tsx';

/** /chat (spec 3 §2 Staff chat): the same workspace as the top bar's side panel, on a whole page. */
export function ChatPage() {
  return (
    <Stack gap="md" h="calc(100dvh - 140px)" mih={420}>
      <Title order={2}>Chat</Title>
      <Paper withBorder p="md" radius="md" style={{ flex: 1, minHeight: 0 }}>
        <ChatWorkspace />
      </Paper>
    </Stack>
  );
}
