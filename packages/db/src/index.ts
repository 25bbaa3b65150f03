export * from './after-commit.ts';
export * from './database.ts';
export * from './migrate.ts';
export type * from './schema.ts';
export * from './type-parsers.ts';
