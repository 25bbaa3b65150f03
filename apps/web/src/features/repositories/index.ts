// The public entry of this feature: what other features may use. Everything else is its own business.

export { createRepository, initializeRepository } from './api/create-repository.ts';
export { useCurrencies } from './api/list-currencies.ts';
export { repositoriesQueryOptions } from './api/list-repositories.ts';
export { repositoryPermissions } from './repository-permissions.ts';
export { useCurrentRepository, useSwitchRepository } from './use-current-repository.ts';
export { useNewItemGuard } from './use-new-item-guard.ts';
