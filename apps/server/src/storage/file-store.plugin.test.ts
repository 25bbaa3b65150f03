import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// Loads the plugin in a fresh Node and lists the modules it resolves: the test process itself may have the
// SDK loaded already by other tests, so only a child shows what the plugin pulls in by itself.
function awsModulesLoadedBy(script: string): string[] {
  const source = `
    import { registerHooks } from 'node:module';
    const seen = [];
    registerHooks({ resolve(specifier, context, next) { if (specifier.startsWith('@aws-sdk/')) seen.push(specifier); return next(specifier, context); } });
    ${script}
    console.log(JSON.stringify(seen));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', source], {
    cwd: import.meta.dirname,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '[]');
}

const pluginUrl = new URL('./file-store.plugin.ts', import.meta.url).href;

describe('file store plugin', () => {
  it('does not load the S3 SDK when the local store is chosen', () => {
    const seen = awsModulesLoadedBy(`
      const { createFileStore } = await import(${JSON.stringify(pluginUrl)});
      await createFileStore({ env: { FILE_STORE: 'local', UPLOAD_MAX_BYTES: 1 }, dataDir: '/tmp/strata-unused', publicUrl: 'http://x', secret: 's' });
    `);
    expect(seen).toEqual([]);
  });

  it('loads it when the S3 store is chosen', () => {
    const seen = awsModulesLoadedBy(`
      const { createFileStore } = await import(${JSON.stringify(pluginUrl)});
      await createFileStore({ env: { FILE_STORE: 's3', S3_BUCKET: 'b', S3_REGION: 'us-east-1', UPLOAD_MAX_BYTES: 1 }, dataDir: '/tmp/strata-unused', publicUrl: 'http://x', secret: 's' });
    `);
    expect(seen).toContain('@aws-sdk/client-s3');
  });
});
