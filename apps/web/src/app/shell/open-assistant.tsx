import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { AssistantPanel } from '../../features/assistant/index.ts';
import { useSession } from '../../features/auth/index.ts';
import { useCurrentRepository } from '../../features/repositories/index.ts';
import { useUserSettings } from '../../features/session/index.ts';
import { modals } from '../../shared/modals/modal-store.ts';

export const ASSISTANT_MODAL_ID = 'assistant';

function CurrentRepositoryAssistant() {
  const { repository } = useCurrentRepository();
  if (!repository) {
    return (
      <Text size="sm" c="dimmed">
        Create or pick a repository in the header first.
      </Text>
    );
  }
  // Keyed by repository: a switch starts a fresh conversation.
  return <AssistantPanel key={repository.id} repositoryId={repository.id} />;
}

/** The assistant's slide panel over the current repository (docs/assistant.md). */
export function openAssistant(): void {
  modals.open({
    id: ASSISTANT_MODAL_ID,
    kind: 'slidepanel',
    title: 'Assistant',
    size: 'md',
    render: () => <CurrentRepositoryAssistant />,
  });
}

/** The user's AI-agent toggle (Preferences) decides whether the assistant is offered at all. */
function useIsAssistantOn(): boolean {
  const userId = useSession().data?.user.id;
  return useUserSettings(userId).data?.isAiAgentEnabled === true;
}

/** The header's assistant button, when the user turned the AI agent on. */
export function AssistantHeaderButton() {
  if (!useIsAssistantOn()) return null;
  return (
    <Tooltip label="Assistant">
      <ActionIcon variant="default" size="lg" aria-label="Assistant" onClick={openAssistant}>
        <IconMessageChatbot size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The same in the phone's navigation drawer, where the header has no room left. */
export function AssistantDrawerButton({ onDone }: { onDone: () => void }) {
  if (!useIsAssistantOn()) return null;
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconMessageChatbot size={16} />}
      onClick={() => {
        onDone();
        openAssistant();
      }}
    >
      Assistant
    </Button>
  );
}
