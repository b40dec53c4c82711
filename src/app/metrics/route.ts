import { metricsText } from '@/server/http/metrics';

export const dynamic = 'force-dynamic';
/** Prometheus text exposition of this process's request metrics. */
export const GET = () => new Response(metricsText(), { headers: { 'Content-Type': 'text/plain; version=0.0.4' } });
