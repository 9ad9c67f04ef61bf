import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DialogProvider } from './dialog-context';

/** Server data, translations and the shared dialog state, around the router. */
export function AppProviders({ queryClient, i18n, children }: { queryClient: QueryClient; i18n: I18n; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <DialogProvider>{children}</DialogProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
