import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { adoptQueryClient, releaseQueryClient } from './query-client';

/**
 * Server state (TanStack Query) for the signed-in pages only: this is a lazy chunk, so Query
 * stays off the sign-in pages' first load (the login page's budget). The cache lives while the visitor
 * is signed in; signing out leaves this scope, so the next account starts with an empty cache. On
 * a signed-in start its client is the one the first page's data was already fetched into.
 */
export function QueryScope() {
  const [client] = useState(adoptQueryClient);
  useEffect(() => () => releaseQueryClient(client), [client]);
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
