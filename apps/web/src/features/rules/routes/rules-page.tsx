import { Stack, Text, Title } from '@mantine/core';
import type { TRuleType } from '@strata/core/rules/rule-model';
import { useCurrentRepository } from '../../repositories/index.ts';
import { RulesList } from '../components/rules-list.tsx';

/** `/linked-tagging-rules` and `/linked-mapping-rules`: one type's rules of the current repository. */
export function RulesPage({ type, title }: { type: TRuleType; title: string }) {
  const { repository, permissions } = useCurrentRepository();
  return (
    <Stack p="md" gap="sm">
      <Title order={1} size="h3">
        {title}
      </Title>
      {repository ? (
        <RulesList repositoryId={repository.id} type={type} canWrite={Boolean(permissions?.canWrite)} />
      ) : (
        <Text c="dimmed">Create or pick a repository in the header first.</Text>
      )}
    </Stack>
  );
}
