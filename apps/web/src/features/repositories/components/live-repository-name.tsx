import { useRepositories } from '../api/list-repositories.ts';

/** The repository's current name from the live list; the name it was opened with until the list answers. */
export function LiveRepositoryName({ repository }: { repository: { id: string; name: string } }) {
  const repositories = useRepositories();
  return <>{repositories.data?.find((item) => item.id === repository.id)?.name ?? repository.name}</>;
}
