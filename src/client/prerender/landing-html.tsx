import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { queryClient } from '../lib/query-client.ts';
import Landing from '../features/landing/landing-page.tsx';

/**
 * The landing page as HTML, made at build time (scripts/prerender-landing.mjs): a visitor with
 * no session gets it inside the page itself, so the page reads and its links work before any
 * script has arrived (docs/decisions/030). The app replaces it with the same markup once it runs.
 */
export function landingHtml(): string {
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <Router ssrPath="/">
        <Landing />
      </Router>
    </QueryClientProvider>,
  );
}
