import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { SearchInput } from './search-input.tsx';

describe('SearchInput', () => {
  it('sends the trimmed text once after typing stops, at once on Enter and on clear', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    renderWithProviders(<SearchInput value="" onChange={(search) => sent.push(search)} delayMs={200} />);
    const box = screen.getByRole('textbox', { name: 'Search' });
    await user.type(box, ' acme ');
    await waitFor(() => expect(sent).toEqual(['acme']));
    await user.type(box, 'x{Enter}');
    expect(sent).toEqual(['acme', 'acme x']);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(sent).toEqual(['acme', 'acme x', '']);
    expect((box as HTMLInputElement).value).toBe('');
  });
});
