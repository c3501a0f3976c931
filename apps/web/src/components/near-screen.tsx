import { Suspense, useRef, type ReactNode } from 'react';
import { useNearScreen } from '@/lib/use-near-screen';

/**
 * Renders its children (a lazy part of a page) once they come near the screen, `placeholder` until
 * then and while their code loads. The placeholder holds about their height, so the page does not
 * jump when they arrive.
 */
export function NearScreen({
  placeholder,
  children,
  'data-testid': testId,
}: {
  placeholder: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearScreen(ref);
  return (
    <div ref={ref} data-testid={testId}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
