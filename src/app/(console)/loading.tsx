import { PageSkeleton } from '@/components/shell/skeleton';

/** Shown at once on navigation inside the console while the next page renders on the server. */
export default function ConsoleLoading() {
  return <PageSkeleton />;
}
