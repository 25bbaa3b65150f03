import { MantineProvider } from '@mantine/core';
import type { TContact } from '@strata/contracts/contacts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { unsavedForms } from '../../../shared/forms/unsaved-forms.ts';
import { UnsavedScope } from '../../../shared/forms/use-unsaved-changes.tsx';
import { ContactForm } from './contact-form.tsx';

// Issue 19, item 1: the contact form tells the unsaved-changes guard when Back or X would lose input.
const ADA: TContact = {
  id: 'c1',
  repository_id: 'r1',
  name: 'Ada',
  email: null,
  phone: null,
  company: null,
  notes: null,
  assets: [],
  created_at: '2026-11-01T10:00:00.000Z',
  created_by: null,
  updated_at: '2026-11-01T10:00:00.000Z',
  updated_by: null,
  version: 1,
};

// The Notes field's autosize listens to `document.fonts`, which happy-dom lacks.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  }
});

function renderIn(scope: string, contact: TContact | null, isReadOnly = false) {
  render(
    <MantineProvider>
      <UnsavedScope scope={scope} isRoute={false}>
        <ContactForm repositoryId="r1" contact={contact} isReadOnly={isReadOnly} onDone={() => {}} />
      </UnsavedScope>
    </MantineProvider>,
  );
}

describe('ContactForm unsaved input', () => {
  it('is dirty while a field differs from the saved contact', async () => {
    renderIn('contact-edit', ADA);
    expect(unsavedForms.dirtyIn('contact-edit')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Company'), 'X');
    expect(unsavedForms.dirtyIn('contact-edit')).toHaveLength(1);
    await userEvent.clear(screen.getByLabelText('Company'));
    expect(unsavedForms.dirtyIn('contact-edit')).toHaveLength(0);
  });

  it('a blank new contact has nothing to lose; a typed name has', async () => {
    renderIn('contact-new', null);
    expect(unsavedForms.dirtyIn('contact-new')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Grace');
    expect(unsavedForms.dirtyIn('contact-new')).toHaveLength(1);
  });
});
