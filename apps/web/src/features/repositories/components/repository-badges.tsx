import { Badge, Group } from '@mantine/core';
import type { TRepository } from '@strata/contracts/repositories';
import { ACCESS_LEVEL_LABELS, isProPlan } from '../repository-permissions.ts';

// Badges ellipsize when squeezed; in a table cell they should widen the column instead.
const NO_SHRINK = { flexShrink: 0 } as const;

const ACCESS_COLORS: Record<1 | 2 | 3, string> = { 1: 'gray', 2: 'blue', 3: 'teal' };

export function AccessLevelBadge({ accessType }: { accessType: 1 | 2 | 3 }) {
  return (
    <Badge size="sm" variant="light" color={ACCESS_COLORS[accessType]} style={NO_SHRINK}>
      {ACCESS_LEVEL_LABELS[accessType]}
    </Badge>
  );
}

/** Access level, PRO plan and the read-only mark of a repository. */
export function RepositoryBadges({ repository }: { repository: TRepository }) {
  return (
    <Group gap={4} wrap="nowrap">
      <AccessLevelBadge accessType={repository.access_type} />
      {isProPlan(repository.plan) && (
        <Badge size="sm" variant="filled" color="grape" style={NO_SHRINK}>
          PRO
        </Badge>
      )}
      {repository.settings.readonly && (
        <Badge size="sm" variant="outline" color="orange" style={NO_SHRINK}>
          Deactivated
        </Badge>
      )}
    </Group>
  );
}
