import { MantineProvider } from '@mantine/core';
import type { TDocument } from '@strata/contracts/documents';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { unsavedForms } from '../../../shared/forms/unsaved-forms.ts';
import { UnsavedScope } from '../../../shared/forms/use-unsaved-changes.tsx';
import { DocumentEditForm } from './document-edit-form.tsx';
import { LinkDocumentForm } from './document-forms.tsx';

// Issue 19, item 1: the document forms tell the unsaved-changes guard when Back or X would lose input.
const LINK: TDocument = {
  id: 'd1',
  repository_id: 'r1',
  asset_id: null,
  name: 'Annual report',
  source: 'url',
  path: 'example.com/report',
  filename: null,
  file: null,
  content_type: null,
  description: null,
  url: 'https://example.com/report',
  tags: [],
  created_at: '2026-11-01T10:00:00.000Z',
  created_by: null,
  updated_at: '2026-11-01T10:00:00.000Z',
  updated_by: null,
  version: 1,
} as TDocument;

describe('document forms unsaved input', () => {
  it('a new link is dirty once something is typed', async () => {
    render(
      <MantineProvider>
        <UnsavedScope scope="new-link" isRoute={false}>
          <LinkDocumentForm repositoryId="r1" assetId={null} documentTags={[]} onDone={() => {}} />
        </UnsavedScope>
      </MantineProvider>,
    );
    expect(unsavedForms.dirtyIn('new-link')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Deed');
    expect(unsavedForms.dirtyIn('new-link')).toHaveLength(1);
  });

  it('an existing document is dirty while its name differs', async () => {
    render(
      <MantineProvider>
        <UnsavedScope scope="/documents/d1" isRoute>
          <DocumentEditForm document={LINK} documentTags={[]} isReadOnly={false} onSaved={() => {}} />
        </UnsavedScope>
      </MantineProvider>,
    );
    expect(unsavedForms.lostBy('/documents')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), ' 2026');
    expect(unsavedForms.lostBy('/documents')).toHaveLength(1);
  });
});
