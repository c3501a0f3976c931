import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { queryClient } from '@/lib/query-client';
import { PublicFrame } from '@/components/public-frame';

/** The public frame for the pages that read the published content (/cms/) through the query client. */
export function PublicLayout(props: ComponentProps<typeof PublicFrame>) {
  return (
    <QueryClientProvider client={queryClient}>
      <PublicFrame {...props} />
    </QueryClientProvider>
  );
}
