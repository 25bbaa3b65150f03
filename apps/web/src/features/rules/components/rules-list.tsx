import { ActionIcon, Alert, Button, Group, Loader, Stack, Switch, Table, Text, Tooltip } from '@mantine/core';
import type { TRule } from '@strata/contracts/rules';
import type { TRuleType } from '@strata/core/rules/rule-model';
import {
  IconArrowDown,
  IconArrowUp,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmAction } from '../../../shared/data-list/confirm-action.tsx';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { deleteRule, reorderRule, rulesKey, setRuleEnabled, useRules } from '../api/rules.ts';
import { actionsSummary, criteriaSummary, draftFromRule } from '../lib/rule-draft.ts';
import { openRuleDialog } from './rule-dialog.tsx';

/**
 * A repository's rules of one type in the order they run: drag a row (or use the arrows) to reorder, switch
 * one off, open it to edit, preview or apply it to historic transactions.
 */
export function RulesList({
  repositoryId,
  type,
  canWrite,
}: {
  repositoryId: string;
  type: TRuleType;
  canWrite: boolean;
}) {
  const queryClient = useQueryClient();
  const rules = useRules(repositoryId, type);
  const [dragged, setDragged] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: rulesKey(repositoryId) });
  const act = async (work: () => Promise<unknown>, message?: string) => {
    try {
      await work();
      if (message) notifications.success(message);
    } catch (error) {
      notifyError(error);
    } finally {
      await refresh();
    }
  };
  const move = (rule: TRule, order: number) => act(() => reorderRule(rule.id, order));
  const remove = async (rule: TRule) => {
    const isConfirmed = await confirmAction({
      title: 'Delete rule',
      message: `Delete rule ${rule.order}? What it already did to transactions stays.`,
      confirmLabel: 'Delete',
      isDestructive: true,
    });
    if (isConfirmed) await act(() => deleteRule(rule.id), 'Rule deleted');
  };

  if (rules.isPending) return <Loader aria-label="Loading rules" />;
  if (rules.error) return <Alert color="red">{rules.error.message}</Alert>;
  const list = rules.data;
  return (
    <Stack gap="sm">
      {canWrite && (
        <Group>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => openRuleDialog({ repositoryId, type, canWrite })}
          >
            New rule
          </Button>
        </Group>
      )}
      {list.length === 0 ? (
        <Text c="dimmed">
          {type === 'tagging'
            ? 'No tagging rules yet. A tagging rule sets the category, subcategory, counterparty, sign or tags of the linked transactions it matches.'
            : 'No mapping rules yet. A mapping rule turns the linked transactions it matches into smart transactions.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label={type === 'tagging' ? 'Tagging rules' : 'Mapping rules'}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>Order</Table.Th>
                <Table.Th>If</Table.Th>
                <Table.Th>Then</Table.Th>
                <Table.Th w={90}>Enabled</Table.Th>
                <Table.Th w={150} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((rule, index) => {
                const draft = draftFromRule(rule);
                return (
                  <Table.Tr
                    key={rule.id}
                    draggable={canWrite}
                    onDragStart={() => setDragged(rule.id)}
                    onDragOver={(event) => event.preventDefault()}
                    onDrop={() => {
                      if (dragged && dragged !== rule.id) {
                        const source = list.find((candidate) => candidate.id === dragged);
                        if (source) void move(source, rule.order);
                      }
                      setDragged(null);
                    }}
                    style={{ opacity: dragged === rule.id ? 0.5 : 1 }}
                  >
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {canWrite && <IconGripVertical size={14} aria-hidden style={{ cursor: 'grab' }} />}
                        <Text size="sm">{rule.order}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{criteriaSummary(draft).replace(/^If /, '')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{actionsSummary(draft)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`Rule ${rule.order} enabled`}
                        checked={rule.enabled}
                        disabled={!canWrite}
                        onChange={(event) =>
                          void act(() => setRuleEnabled(rule.id, event.currentTarget.checked))
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        {canWrite && (
                          <>
                            <Tooltip label="Move up">
                              <ActionIcon
                                variant="subtle"
                                aria-label={`Move rule ${rule.order} up`}
                                disabled={index === 0}
                                onClick={() => void move(rule, rule.order - 1)}
                              >
                                <IconArrowUp size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label="Move down">
                              <ActionIcon
                                variant="subtle"
                                aria-label={`Move rule ${rule.order} down`}
                                disabled={index === list.length - 1}
                                onClick={() => void move(rule, rule.order + 1)}
                              >
                                <IconArrowDown size={16} />
                              </ActionIcon>
                            </Tooltip>
                          </>
                        )}
                        <Tooltip label={canWrite ? 'Edit' : 'View'}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Open rule ${rule.order}`}
                            onClick={() => openRuleDialog({ repositoryId, type, rule, canWrite })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        {canWrite && (
                          <Tooltip label="Delete">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Delete rule ${rule.order}`}
                              onClick={() => void remove(rule)}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
