import { render } from '@testing-library/react';
// 'react-router/dom' resolves to the CommonJS build under Node, a second copy of the router's contexts.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders the real route map at a path, with the app's providers and a fresh query cache. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...view };
}

/** A JSON Response as fetch would give it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
