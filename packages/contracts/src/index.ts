export * from './endpoint.ts';
export * from './errors.ts';
export * from './health.ts';
