import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as SignUpPage } from './sign-up-page.tsx';

const WEAK_MESSAGE =
  'Password is too easy to guess: avoid common passwords, keyboard patterns, dates and your name or e-mail. A few unrelated words work well.';

/** The server's answer to the sign-up (better-auth's client calls fetch). */
function serveSignUp(status: number, body: unknown) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    calls.push(String(input instanceof Request ? input.url : input));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function renderSignUp() {
  const router = createMemoryRouter(
    [
      { path: '/sign-up', element: <SignUpPage /> },
      { path: '/sign-up-confirmation', element: <p>confirmation</p> },
    ],
    { initialEntries: ['/sign-up'] },
  );
  return render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function submit(password: string) {
  await userEvent.type(screen.getByLabelText(/Name/), 'Ada');
  await userEvent.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('sign-up page', () => {
  it("shows the server's weak-password refusal under the password field", async () => {
    const calls = serveSignUp(400, { code: 'PASSWORD_TOO_WEAK', message: WEAK_MESSAGE });
    renderSignUp();
    await submit('password1');
    expect(await screen.findByText(WEAK_MESSAGE)).toBeTruthy();
    expect(calls.some((url) => url.endsWith('/api/auth/sign-up/email'))).toBe(true);
    // The password field's own error, announced with the field.
    const field = screen.getByLabelText(/Password/);
    expect(field.getAttribute('aria-describedby')?.split(/\s+/)).toContain(screen.getByText(WEAK_MESSAGE).id);
  });

  it('goes on to the confirmation when the server accepts', async () => {
    serveSignUp(200, { token: null, user: { id: 'u1', email: 'ada@example.com' } });
    renderSignUp();
    await submit('correct-horse-1');
    expect(await screen.findByText('confirmation')).toBeTruthy();
  });
});
