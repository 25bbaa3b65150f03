import { Badge, Button, Indicator, Menu, Text } from '@mantine/core';
import {
  IconCheck,
  IconDatabase,
  IconFileImport,
  IconHomeMove,
  IconList,
  IconPlus,
  IconSelector,
  IconSettings,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { useOwnPlanHasFeature } from '../../subscription/index.ts';
import { useMyInvites } from '../api/invites.ts';
import { ownerToTellApart } from '../repository-names.ts';
import { useCurrentRepository, useSwitchRepository } from '../use-current-repository.ts';
import { usePaymentRequiredNotice } from '../use-payment-required-notice.ts';
import { usePlanLimitCheck } from '../use-plan-limits.ts';
import { showPlanLimitPrompt } from './plan-limit-prompt.ts';
import type { TRepositoryActions } from './repository-actions.ts';
import { AccessLevelBadge } from './repository-badges.tsx';

// The repository popups (list, new, import, settings with collaborators and data) load with the first one
// opened, not with the header every page draws (docs/benchmarks.md, issue 23).
function withActions(use: (actions: TRepositoryActions) => void): void {
  import('./repository-modals.tsx')
    .then(({ repositoryActions }) => use(repositoryActions))
    .catch(notifyError);
}

/** How many repositories the header menu lists before 'All repositories…' takes over. */
const MENU_LIMIT = 8;

/** The header's repository switcher: current repository, quick switch, and the repository popups. */
export function RepositorySwitcher({ isCompact = false }: { isCompact?: boolean }) {
  usePaymentRequiredNotice();
  const { repository, repositories, permissions, isLoading, userId, userEmail } = useCurrentRepository();
  const switchTo = useSwitchRepository();
  const invites = useMyInvites({ isEnabled: Boolean(userId) });
  const checkPlanLimit = usePlanLimitCheck();
  const canImport = useOwnPlanHasFeature('import', Boolean(userId));
  if (!userId) return null;
  const openInvites = (invites.data ?? []).filter((invite) => invite.status === 'pending').length;

  const create = async () => {
    const prompt = await checkPlanLimit(repositories);
    if (prompt) showPlanLimitPrompt(prompt);
    else withActions((actions) => actions.openCreate(repositories, (created) => void switchTo(created.id)));
  };

  return (
    <Menu position="bottom-end" shadow="md" width={280}>
      <Menu.Target>
        <Indicator disabled={openInvites === 0} label={openInvites} size={16} offset={4}>
          <Button
            variant="default"
            leftSection={<IconDatabase size={16} />}
            rightSection={<IconSelector size={14} />}
            aria-label={repository ? `Repository: ${repository.name}` : 'Repositories'}
            loading={isLoading}
            maw={isCompact ? 170 : 260}
            px={isCompact ? 'xs' : undefined}
          >
            <Text size="sm" truncate="end" maw={isCompact ? 96 : 160}>
              {repository ? repository.name : 'No repository'}
            </Text>
            {permissions && !permissions.canWrite && (
              <Badge ml={6} size="xs" variant="light" color="gray">
                Read only
              </Badge>
            )}
          </Button>
        </Indicator>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Repositories</Menu.Label>
        {repositories.slice(0, MENU_LIMIT).map((item) => (
          <Menu.Item
            key={item.id}
            leftSection={
              item.id === repository?.id ? <IconCheck size={14} /> : <span style={{ width: 14 }} />
            }
            rightSection={<AccessLevelBadge accessType={item.access_type} />}
            onClick={() => {
              if (item.id !== repository?.id) void switchTo(item.id);
            }}
          >
            <Text size="sm" truncate="end" maw={150}>
              {item.name}
            </Text>
            {ownerToTellApart(item, repositories) && (
              <Text size="xs" c="dimmed" truncate="end" maw={150}>
                {item.owner}
              </Text>
            )}
          </Menu.Item>
        ))}
        <Menu.Item
          leftSection={<IconList size={14} />}
          onClick={() => withActions((actions) => actions.openList())}
        >
          {openInvites > 0 ? `All repositories and invites (${openInvites})` : 'All repositories…'}
        </Menu.Item>
        <Menu.Divider />
        {repository && (
          <Menu.Item
            leftSection={<IconSettings size={14} />}
            onClick={() =>
              withActions((actions) =>
                actions.openSettings(repository, { userEmail, onUnlinked: () => undefined }),
              )
            }
          >
            Repository settings
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconPlus size={14} />} onClick={() => void create()}>
          New repository
        </Menu.Item>
        <Menu.Item component={Link} to="/move-in" leftSection={<IconHomeMove size={14} />}>
          Move in from another tool
        </Menu.Item>
        {canImport && (
          <Menu.Item
            leftSection={<IconFileImport size={14} />}
            onClick={() => withActions((actions) => actions.openImport((id) => id && void switchTo(id)))}
          >
            Import repository
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
