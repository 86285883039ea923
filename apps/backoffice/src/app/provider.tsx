import { ToastProvider } from '@portal/ui/toast';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { AppErrorBoundary } from './app-error-boundary';

export type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client so each test starts with an empty cache. */
  queryClient?: QueryClient;
};

/** Everything the screens rely on: translations, the query cache, notifications and a last-resort error screen. */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <AppErrorBoundary>
        <QueryClientProvider client={client}>
          <Notifications>{children}</Notifications>
        </QueryClientProvider>
      </AppErrorBoundary>
    </I18nextProvider>
  );
}

/** The notification stack, its accessible names in the current language. */
function Notifications({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ToastProvider labels={{ notifications: t('ui.notifications'), dismiss: t('ui.dismiss') }}>
      {children}
    </ToastProvider>
  );
}
