import { openApiDocument } from '@/server/operations/openapi';
import { ERROR_CODES } from '@/server/errors';
import { Reference } from './reference';

export const metadata = { title: 'API reference · Judgment Recovery Case Service' };

/** Interactive API reference, rendered from the generated OpenAPI document; no external assets. */
export default function DocsPage() {
  return <Reference doc={openApiDocument() as never} errorCodes={ERROR_CODES} />;
}
