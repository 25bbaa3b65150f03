import {
  ActionIcon,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { ASSISTANT_MESSAGES, type TAssistantAnswer, type TAssistantTurn } from '@strata/contracts/assistant';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { useAskAssistant } from '../api/ask-assistant.ts';

export const EXAMPLE_QUESTIONS = [
  'What did I earn in dividends last year?',
  'Which account lost most this quarter?',
] as const;

/** Tool names as the person reads them under an answer. */
const TOOL_LABELS: Record<string, string> = {
  list_accounts: 'accounts',
  list_assets: 'assets',
  income_by_period: 'income',
  value_change_by_account: 'value change',
  positions: 'positions',
  search_transactions: 'transactions',
};

/**
 * A 5xx toast reads 'Unexpected error' everywhere (seed §8); a model server that is down is expected here and
 * its own words say what to do. A busy one (429) already carries them.
 */
function notifyAskError(error: unknown): void {
  if (isApiError(error) && error.code === 'SERVICE_UNAVAILABLE') {
    notifications.error(ASSISTANT_MESSAGES.MODEL_UNAVAILABLE);
    return;
  }
  notifyError(error);
}

interface TShownTurn extends TAssistantTurn {
  status?: TAssistantAnswer['status'];
  toolsUsed?: TAssistantAnswer['tools_used'];
}

function lookedAt(tools: TAssistantAnswer['tools_used'] | undefined): string | null {
  const names = [
    ...new Set(
      (tools ?? []).filter((tool) => !tool.is_error).map((tool) => TOOL_LABELS[tool.name] ?? tool.name),
    ),
  ];
  return names.length > 0 ? `Looked at: ${names.join(', ')}` : null;
}

function Bubble({ turn }: { turn: TShownTurn }) {
  const isUser = turn.role === 'user';
  const note = lookedAt(turn.toolsUsed);
  return (
    <Group justify={isUser ? 'flex-end' : 'flex-start'} wrap="nowrap">
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="85%"
        bg={isUser ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
        aria-label={isUser ? 'You' : 'Assistant'}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {turn.content}
        </Text>
        {turn.status === 'not_configured' && (
          <Text size="xs" c="dimmed" mt={4}>
            {ASSISTANT_MESSAGES.NOT_CONFIGURED_HINT}
          </Text>
        )}
        {note && (
          <Text size="xs" c="dimmed" mt={4}>
            {note}
          </Text>
        )}
      </Paper>
    </Group>
  );
}

/**
 * The assistant's conversation about one repository (key it by the repository: a switch starts afresh). The
 * conversation lives here only: the server keeps nothing, each question sends the turns so far.
 */
export function AssistantPanel({ repositoryId }: { repositoryId: string }) {
  const [turns, setTurns] = useState<TShownTurn[]>([]);
  const [draft, setDraft] = useState('');
  const ask = useAskAssistant(repositoryId);
  const viewport = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // A new turn or the waiting line: keep the latest in view. `turns` and the pending flag are the trigger.
    void turns;
    void ask.isPending;
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [turns, ask.isPending]);

  const send = (question: string) => {
    const content = question.trim();
    if (!content || ask.isPending) return;
    const asked: TShownTurn[] = [...turns, { role: 'user', content }];
    setTurns(asked);
    setDraft('');
    ask.mutate(
      asked.map(({ role, content: text }) => ({ role, content: text })),
      {
        onSuccess: (answer) =>
          setTurns([...asked, { ...answer.reply, status: answer.status, toolsUsed: answer.tools_used }]),
        onError: (error) => {
          // The question goes back into the box to try again; the toast says what went wrong.
          setTurns(turns);
          setDraft(content);
          notifyAskError(error);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send(draft);
    }
  };

  return (
    <Stack gap="sm" h="calc(100dvh - 5.5rem)">
      <ScrollArea flex={1} viewportRef={viewport} type="auto" offsetScrollbars>
        <Stack gap="xs" aria-live="polite" aria-label="Conversation">
          {turns.length === 0 && (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                Ask about this repository: income, value changes, positions, transactions. The assistant looks
                things up with your own access and never changes your data.
              </Text>
              {EXAMPLE_QUESTIONS.map((example) => (
                <Button
                  key={example}
                  variant="light"
                  size="compact-sm"
                  justify="flex-start"
                  onClick={() => send(example)}
                >
                  {example}
                </Button>
              ))}
            </Stack>
          )}
          {turns.map((turn, index) => (
            // Turns are only ever appended, so the position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <Bubble key={index} turn={turn} />
          ))}
          {ask.isPending && (
            <Group gap="xs" role="status">
              <Loader size="xs" type="dots" />
              <Text size="sm" c="dimmed">
                Looking it up…
              </Text>
            </Group>
          )}
        </Stack>
      </ScrollArea>
      <Box component="form" onSubmit={onSubmit}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            flex={1}
            aria-label="Question"
            placeholder="Ask about this repository"
            autosize
            minRows={1}
            maxRows={5}
            maxLength={4000}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
          <ActionIcon
            type="submit"
            size="lg"
            aria-label="Send"
            loading={ask.isPending}
            disabled={!draft.trim()}
          >
            <IconSend size={18} />
          </ActionIcon>
        </Group>
      </Box>
    </Stack>
  );
}
