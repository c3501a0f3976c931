import { Suspense, useRef, type ReactNode } from 'react';
import { useNearScreen } from '@/lib/use-near-screen';

/**
 * Renders its children (a lazy part of a page) once they come near the screen: `placeholder` until
 * then (nothing is loading yet: a still skeleton), `fallback` while their code loads (an active
 * one). Both hold about their height, so the page does not jump when they arrive.
 */
export function NearScreen({
  placeholder,
  fallback = placeholder,
  children,
  'data-testid': testId,
}: {
  placeholder: ReactNode;
  fallback?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearScreen(ref);
  return (
    <div ref={ref} data-testid={testId}>
      {near ? <Suspense fallback={fallback}>{children}</Suspense> : placeholder}
    </div>
  );
}
