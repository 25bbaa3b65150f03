import { describe, expect, it } from 'vitest';
import {
  guessLoader,
  loadCountsText,
  loadOutcomeOf,
  loadProgressOf,
  ofxImportProblem,
  ofxLoaderOf,
} from './statement-import.ts';

describe('the OFX/QFX import check (linked seed §5)', () => {
  it("says 'Nothing to import' without a file", () => {
    expect(ofxImportProblem(null)).toBe('Nothing to import');
  });

  it('takes .ofx and .qfx whatever their case, and refuses another file by name', () => {
    expect(ofxImportProblem({ name: 'statement.ofx' })).toBeNull();
    expect(ofxImportProblem({ name: 'Quicken.QFX' })).toBeNull();
    expect(ofxImportProblem({ name: 'bank.csv' })).toBe(
      'bank.csv is not an OFX or QFX file: choose a .ofx or .qfx file',
    );
    expect(ofxImportProblem({ name: 'ofx' })).toBe(
      'ofx is not an OFX or QFX file: choose a .ofx or .qfx file',
    );
  });

  it('sends a .qfx to the QFX loader and anything else to the OFX one', () => {
    expect(ofxLoaderOf('a.QFX')).toBe('qfx');
    expect(ofxLoaderOf('a.ofx')).toBe('ofx');
  });
});

describe('the manual loader guesses the loader from the extension', () => {
  it.each([
    ['x.ofx', 'ofx'],
    ['x.qfx', 'qfx'],
    ['x.QIF', 'qif'],
    ['x.csv', 'csv'],
    ['x.txt', 'csv'],
    ['x.pdf', null],
    ['noextension', null],
  ])('%s → %s', (name, loader) => {
    expect(guessLoader(name)).toBe(loader);
  });
});

describe('the load task as the dialog shows it', () => {
  it('follows the server stages reading → parsed → written', () => {
    expect(loadProgressOf({ status: 'waiting', progress: null })).toEqual({
      percent: 5,
      label: 'Waiting for the file…',
    });
    expect(loadProgressOf({ status: 'running', progress: { stage: 'reading', bytes: 12345 } })).toEqual({
      percent: 25,
      label: 'Reading 12,345 bytes…',
    });
    expect(
      loadProgressOf({ status: 'running', progress: { stage: 'parsed', statements: 1, transactions: 3 } }),
    ).toEqual({ percent: 60, label: 'Read 1 statement, 3 transactions; writing…' });
    expect(
      loadProgressOf({
        status: 'running',
        progress: { stage: 'written', added: 2, skipped_duplicate: 1, failed: 0 },
      }),
    ).toEqual({ percent: 100, label: '2 added, 1 skipped as duplicates, 0 failed' });
    expect(loadProgressOf({ status: 'running', progress: null })).toEqual({
      percent: 10,
      label: 'Starting…',
    });
  });

  it("reads the finished task's counts, ignoring what is not a number", () => {
    expect(
      loadOutcomeOf({
        connector_id: 'c1',
        added: 4,
        skipped_duplicate: 0,
        failed: 'x',
        warnings: ['2 investment transactions and 0 positions are not imported yet', 7],
      }),
    ).toEqual({
      connectorId: 'c1',
      added: 4,
      skippedDuplicate: 0,
      failed: 0,
      warnings: ['2 investment transactions and 0 positions are not imported yet'],
    });
    expect(loadOutcomeOf(null)).toEqual({
      connectorId: null,
      added: 0,
      skippedDuplicate: 0,
      failed: 0,
      warnings: [],
    });
    expect(loadCountsText({ added: 0, skipped_duplicate: 3, failed: 0 })).toBe(
      '0 added, 3 skipped as duplicates, 0 failed',
    );
  });
});
