import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { IdleWarningModal } from './idle-warning-modal.tsx';

describe('IdleWarningModal', () => {
  it('is closed without a deadline', () => {
    renderWithProviders(<IdleWarningModal deadline={null} onStay={() => {}} onSignOut={() => {}} />);
    expect(screen.queryByText('Still there?')).toBeNull();
  });

  it('shows the seed texts, the time left and both choices', async () => {
    const onStay = vi.fn();
    const onSignOut = vi.fn();
    renderWithProviders(
      <IdleWarningModal deadline={Date.now() + 5 * 60_000} onStay={onStay} onSignOut={onSignOut} />,
    );
    expect(await screen.findByText('Still there?')).toBeTruthy();
    expect(screen.getByText('Click Stay signed in')).toBeTruthy();
    expect(screen.getByTestId('idle-countdown').textContent).toBe('5:00');

    await userEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(onStay).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
