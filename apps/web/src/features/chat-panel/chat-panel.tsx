import { ActionIcon, Drawer, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessages } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state.tsx';

/**
 * Spec 1 §2.4: the chat side-panel toggle. Chat itself comes with document 3; until then the panel opens and
 * says so plainly rather than showing a fake conversation list.
 */
export function ChatPanelToggle() {
  const [opened, panel] = useDisclosure(false);
  return (
    <>
      <Tooltip label="Chat" openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Chat"
          aria-expanded={opened}
          onClick={panel.toggle}
        >
          <IconMessages size={20} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Drawer opened={opened} onClose={panel.close} position="right" size="sm" title="Chat" padding="md">
        <EmptyState
          title="No conversations yet"
          description="Chat is not available yet. Conversations with your team will appear here."
        />
      </Drawer>
    </>
  );
}
