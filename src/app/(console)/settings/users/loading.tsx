import { PageSkeleton } from '@/components/shell/skeleton';

/**
 * Shown at once on navigation to this page while it renders on the server. Only on pages with
 * no record pages below them: a loading boundary above a page that calls notFound() commits
 * the response as 200 before the 404 is known.
 */
export default function Loading() {
  return <PageSkeleton />;
}
