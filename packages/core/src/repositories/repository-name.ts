// Seed §5: a repository name is unique among the user's repositories, ignoring case (on update, other
// than the repository itself).

/** The form names are compared in: trimmed, lower-cased (Unicode-aware, as PostgreSQL's lower()). */
export function normalizeRepositoryName(name: string): string {
  return name.trim().toLowerCase();
}

export interface TNamedRepository {
  id: string;
  name: string;
}

export function isRepositoryNameTaken(
  name: string,
  repositories: readonly TNamedRepository[],
  exceptId?: string,
): boolean {
  const wanted = normalizeRepositoryName(name);
  return repositories.some(
    (repository) => repository.id !== exceptId && normalizeRepositoryName(repository.name) === wanted,
  );
}
