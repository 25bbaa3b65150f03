import { UPLOAD_MESSAGES } from '@strata/contracts/uploads';

export const ONLY_JSON_MESSAGE = 'Only .json files can be imported';

export type TImportFileCheck = { isValid: true; repoName: string } | { isValid: false; message: string };

/** Seed §5: the new repository's name is the file name up to its first dot. */
export function repositoryNameFromFilename(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.indexOf('.');
  return (dot === -1 ? base : base.slice(0, dot)).trim();
}

/** Seed §5/§8 import rules: a file is required, only .json, and the name must not come out empty. */
export function checkImportFile(file: Pick<File, 'name'> | null | undefined): TImportFileCheck {
  if (!file) return { isValid: false, message: UPLOAD_MESSAGES.NOTHING_TO_IMPORT };
  if (!file.name.toLowerCase().endsWith('.json')) return { isValid: false, message: ONLY_JSON_MESSAGE };
  const repoName = repositoryNameFromFilename(file.name);
  if (repoName === '') return { isValid: false, message: UPLOAD_MESSAGES.UNKNOWN_REPOSITORY_NAME };
  return { isValid: true, repoName };
}
