import { ready } from '../db/ready';
import { ApiError } from '../errors';
import { API_VERSION } from '../config';
import { newId } from '../ids';
import { log } from '../log';
import { verifyDownload } from '../services/exports/download-link';
import { errorBody, jsonResponse } from './respond';
import { toApiError } from './api';
import { linkOrigin } from './client-address';

/**
 * GET /v1/exports/{export_id}/download?expires&signature: the bytes of a ready export, for
 * anyone holding a valid link (no API key: the link is the credential). An altered, malformed
 * or expired link is 403 download_link_invalid in the error format; the answer never says
 * whether the export exists.
 */
export async function serveDownload(req: Request, exportId: string): Promise<Response> {
  const requestId = newId('request');
  const headers = { 'MD-Request-Id': requestId, 'MD-Version': API_VERSION, 'MD-Audit-Ref': requestId };
  try {
    const db = await ready();
    const url = new URL(req.url);
    const verdict = await verifyDownload(
      db,
      exportId,
      url.searchParams.get('expires'),
      url.searchParams.get('signature'),
    );
    if (verdict !== 'ok') {
      throw new ApiError(
        'download_link_invalid',
        verdict === 'expired'
          ? 'This download link has expired; GET /v1/exports/{export_id} returns a fresh one.'
          : 'This download link is not valid; GET /v1/exports/{export_id} returns a fresh one.',
      );
    }
    const e = await db.export.findUnique({ where: { id: exportId } });
    if (!e || e.status !== 'ready' || !e.content) throw new ApiError('not_found', `No such export: '${exportId}'`);
    log.info(
      { request_id: requestId, export_id: e.id, org_id: e.org_id, size_bytes: e.size_bytes },
      'export downloaded',
    );
    return new Response(Buffer.from(e.content), {
      status: 200,
      headers: {
        ...headers,
        'Content-Type': e.content_type ?? 'application/octet-stream',
        'Content-Length': String(e.content.length),
        // `disposition=inline` (not signed: it changes only how the browser shows the same bytes)
        // lets the console embed a PDF preview.
        'Content-Disposition': `${url.searchParams.get('disposition') === 'inline' ? 'inline' : 'attachment'}; filename="${e.filename ?? e.id}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        ...(e.sha256 ? { 'MD-Content-SHA256': e.sha256 } : {}),
      },
    });
  } catch (err) {
    const e = toApiError(err, requestId);
    return jsonResponse(e.status, errorBody(e, requestId, linkOrigin(req.headers, new URL(req.url).origin)), headers);
  }
}
