// The repositories feature's public entry: what other features may use of it. Access checks and the data
// version every feature needs live in src/shared/, not here.

export { assertRepositoryAllowed, createInitialisedRepositoryIn } from './repository-create.ts';
export { exportRepository, importRepository } from './repository-transfer.ts';
