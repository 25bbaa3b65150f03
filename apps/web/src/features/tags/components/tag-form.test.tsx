import { MantineProvider } from '@mantine/core';
import type { TTag } from '@strata/contracts/tags';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { unsavedForms } from '../../../shared/forms/unsaved-forms.ts';
import { UnsavedScope } from '../../../shared/forms/use-unsaved-changes.tsx';
import { TagForm } from './tag-form.tsx';

// Issue 19, item 1: the tag form tells the unsaved-changes guard when Back or X would lose input.
function renderIn(scope: string, tag: TTag | null, isReadOnly = false) {
  render(
    <MantineProvider>
      <UnsavedScope scope={scope} isRoute>
        <TagForm repositoryId="r1" tag={tag} isReadOnly={isReadOnly} onSaved={() => {}} />
      </UnsavedScope>
    </MantineProvider>,
  );
}

describe('TagForm unsaved input', () => {
  it('a blank new tag has nothing to lose; a typed value has', async () => {
    renderIn('/tags/new', null);
    expect(unsavedForms.lostBy('/tags')).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: /Tag value/ }), 'Europe');
    expect(unsavedForms.lostBy('/tags')).toHaveLength(1);
    // Its own route keeps it.
    expect(unsavedForms.lostBy('/tags/new')).toHaveLength(0);
  });

  it('a read-only member has nothing to lose', () => {
    renderIn('/tags/t9', { id: 't9', tag_name: 'Region', tag_value: 'Asia' } as TTag, true);
    expect(unsavedForms.dirtyIn('/tags/t9')).toHaveLength(0);
  });
});
