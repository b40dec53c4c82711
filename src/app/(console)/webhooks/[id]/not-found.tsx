import Link from 'next/link';

export default function WebhookEndpointNotFound() {
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-lg font-semibold">Webhook endpoint not found</h1>
      <p className="text-sm text-slate-700">There is no such endpoint in this environment: it may have been deleted.</p>
      <p>
        <Link href="/webhooks" className="text-sm text-blue-800 underline">
          Back to webhooks
        </Link>
      </p>
    </div>
  );
}
