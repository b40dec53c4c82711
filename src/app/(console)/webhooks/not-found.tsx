import { NotFoundNote } from '@/components/shell/not-found-note';

export default function WebhookEndpointNotFound() {
  return (
    <NotFoundNote
      title="Webhook endpoint not found"
      detail="There is no such endpoint in this environment: it may have been deleted."
      back={{ href: '/webhooks', label: 'Back to webhooks' }}
    />
  );
}
