import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// antd's Result draws its 403 / 404 / 500 pictures as inline SVG (10.5 KB gzip). A record page
// shows one only when its record is missing or could not be read: it loads then, not with the page.
const AntResult = lazy(() => import('antd/es/result'));

/** antd's Result (a "not found" or "could not load" state), its code loaded when first shown. */
export function Result(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}
