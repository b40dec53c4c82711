import { notFound } from 'next/navigation';
import { requireConsoleUser } from '../console-user';

/**
 * Any URL no page serves: the console's 404 inside its shell (Next's bare default page would
 * drop the navigation). Signed-out visitors are sent to sign-in first, as for any console page.
 */
export default async function MissingPage() {
  await requireConsoleUser();
  notFound();
}
