import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { createQueryClient } from './query-client';

/**
 * Server state (TanStack Query) for the signed-in pages only: this is a lazy chunk, so Query
 * stays off the sign-in pages' first load (issue 10 §5 budget). The cache lives while the visitor
 * is signed in; signing out leaves this scope, so the next account starts with an empty cache.
 */
export function QueryScope() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
