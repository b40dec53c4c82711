import { PageSkeleton } from '@/components/shell/skeleton';

/**
 * Shown at once on navigation while a page renders on the server. Each `loading.tsx` re-exports
 * this, and sits only where no `notFound()` runs below it: list pages live in a `(list)` route
 * group beside their record pages, and a record page's existence check runs in its segment's
 * layout (record-gate.ts), outside the segment's own loading boundary, so a missing record
 * still answers 404 rather than a streamed 200.
 */
export default function PageLoading() {
  return <PageSkeleton />;
}
