import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as LandingPage } from './landing-page.tsx';

function renderLanding() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <p>sign-in page</p> },
    ],
    { initialEntries: ['/'] },
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

describe('landing page', () => {
  it('shows itself in a browser', async () => {
    renderLanding();
    expect(await screen.findByText('Your whole portfolio, in one place.')).toBeTruthy();
  });

  it('leads to sign-in in the native app (seed: on the native platform it redirects to sign-in)', async () => {
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true });
    renderLanding();
    expect(await screen.findByText('sign-in page')).toBeTruthy();
  });
});
