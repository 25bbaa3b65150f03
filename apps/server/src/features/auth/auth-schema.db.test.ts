import { getMigrations } from 'better-auth/db/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from './testing/identity-test-app.ts';

let t: TIdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp({
    // Include the OIDC plugin so its schema needs are checked too (discovery failing is fine here).
    env: { OIDC_ISSUER: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'strata', OIDC_CLIENT_SECRET: 'secret' },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('identity migration', () => {
  it('creates every table, column and index better-auth expects with our plugins', async () => {
    const plan = await getMigrations(t.auth.options, { throwOnUnsafe: false });
    expect(plan.toBeCreated.map((table) => table.table)).toEqual([]);
    expect(plan.toBeAdded.map((table) => `${table.table}: ${Object.keys(table.fields).join(', ')}`)).toEqual(
      [],
    );
    expect(plan.toBeAddedIndexes.map((index) => index.name)).toEqual([]);
    expect(plan.schemaProblems).toEqual([]);
  });
});
