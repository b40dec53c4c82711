import { NotFoundNote } from '@/components/shell/not-found-note';

/** Unknown console URLs (the catch-all page) and records a page could not find without its own note. */
export default function ConsoleNotFound() {
  return <NotFoundNote />;
}
