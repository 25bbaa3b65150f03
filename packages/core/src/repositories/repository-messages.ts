// Repository and collaboration texts of the seed (§5, §6, §8), word for word; server answers and web
// toasts share them.

export const REPOSITORY_MESSAGES = {
  NAME_TAKEN: 'This name of the repository already exists. Try something else',
  UNKNOWN_CURRENCY: 'Unknown currency',
  ANALYTICS_CACHE_CLEARED: 'Analytics cache cleared',
  ACCESS_CHANGED: 'Access rights have been successfully changed',
  OWNER_ROW_FIXED: 'The owner of the repository cannot be changed or removed',
  INVITE_NOT_PENDING: 'This invite is no longer pending',
  NOT_FOUND: 'Repository not found',
  INVITE_NOT_FOUND: 'Invite not found',
  COLLABORATOR_NOT_FOUND: 'Collaborator not found',
} as const;

export const repositoryCreatedMessage = (name: string) => `Repository ${name} created`;
export const repositoryUpdatedMessage = (name: string) => `Repository ${name} updated`;
export const repositoryDeletedMessage = (name: string) => `${name} repository deleted`;
export const repositorySharedMessage = (email: string) => `Repository shared with ${email}`;
export const alreadyInvitedMessage = (email: string) => `User ${email} was already invited`;
export const alreadyCollaboratorMessage = (email: string) => `User ${email} is already a collaborator`;
