import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '@/features/auth';
import { queryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {/* Expanded: several toasts stack one above the other instead of overlapping. */}
      <Toaster position="bottom-right" richColors closeButton expand visibleToasts={4} gap={8} />
    </QueryClientProvider>
  );
}
