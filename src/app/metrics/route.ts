import { metricsText } from '@/server/http/metrics';
import { metricsAllowed } from '@/server/http/metrics-access';

export const dynamic = 'force-dynamic';
/** Prometheus text exposition of this process's request metrics (token or loopback only). */
export const GET = (req: Request) =>
  metricsAllowed(req.headers)
    ? new Response(metricsText(), { headers: { 'Content-Type': 'text/plain; version=0.0.4' } })
    : new Response('metrics need MD_METRICS_TOKEN or a loopback client\n', {
        status: 403,
        headers: { 'Content-Type': 'text/plain' },
      });
