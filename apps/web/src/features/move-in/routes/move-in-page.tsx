import { Container, Loader, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { REPOSITORIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';
import {
  repositoryPermissions,
  useCurrentRepository,
  useSwitchRepository,
} from '../../repositories/index.ts';
import { MoveInForm } from '../components/move-in-form.tsx';

/** `/move-in`: bring a history kept in another tool into Strata (docs/journal-import.md). */
export function Component() {
  const { repositories, repository, isLoading, userId } = useCurrentRepository();
  const switchTo = useSwitchRepository();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (isLoading || !userId) return <Loader />;
  // Owners and editors: the import needs write access, which the server checks again.
  const writable = repositories.filter((r) => repositoryPermissions(r).canWrite);
  return (
    <Container size="md" py="md">
      <Title order={1} mb="xs">
        Move in
      </Title>
      <Text c="dimmed" mb="lg">
        Bring your history over from ledger, hledger, beancount, Ghostfolio or Wealthfolio: see what would be
        created and what cannot be carried, then import it in one step.
      </Text>
      <MoveInForm
        repositories={writable}
        currentRepositoryId={repository?.id ?? null}
        onImported={() => void queryClient.invalidateQueries({ queryKey: REPOSITORIES_QUERY_KEY })}
        onOpen={(id) => {
          void switchTo(id).then(() => navigate('/transactions'));
        }}
      />
    </Container>
  );
}
