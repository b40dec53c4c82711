'use client';

import { ShownOnce } from '../shown-once';

/**
 * The signing secret of a new endpoint, shown once: the service stores it encrypted and never
 * returns it again, so the operator copies it now.
 */
export function SecretBox({ secret, url, onDone }: { secret: string; url: string; onDone: () => void }) {
  return (
    <ShownOnce
      id="signing-secret"
      testId="signing-secret-box"
      title="Signing secret of the new endpoint"
      label="Signing secret"
      value={secret}
      done="Done, I have saved it"
      onDone={onDone}
    >
      <strong>Copy this secret now — you won&apos;t see it again.</strong> The service keeps it encrypted and never
      shows it again. Your receiver at <span className="break-all font-mono text-xs">{url}</span> needs it to verify the
      signatures of deliveries. If it is lost, delete the endpoint and create a new one.
    </ShownOnce>
  );
}
