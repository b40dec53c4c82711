import { headers } from 'next/headers';
import { openApiDocument } from '@/server/operations/openapi';
import { ERROR_DOCS } from '@/server/operations/openapi-errors';
import { ErrorsTable } from './errors-table';
import { Reference } from './reference';

export const metadata = { title: 'API reference · Judgment Recovery Case Service' };

/** Interactive API reference rendered from the generated OpenAPI document, then the error table. */
export default async function DocsPage() {
  const h = await headers();
  const origin = `${h.get('x-forwarded-proto') ?? 'http'}://${h.get('host') ?? '127.0.0.1:3000'}`;
  return (
    <>
      <Reference doc={openApiDocument()} origin={origin} />
      <ErrorsTable errors={ERROR_DOCS} />
    </>
  );
}
