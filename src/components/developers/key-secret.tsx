'use client';

import { ShownOnce } from '../shown-once';

/** A new or rolled key's secret, shown once: the service keeps only its hash. */
export function KeySecret({ secret, label, onDone }: { secret: string; label: string; onDone: () => void }) {
  return (
    <ShownOnce
      id="key-secret"
      testId="key-secret-box"
      title={`Secret of ${label}`}
      label="API key secret"
      value={secret}
      done="Done, I have saved it"
      onDone={onDone}
    >
      <strong>Copy this secret now — you won&apos;t see it again.</strong> Only its hash is stored. If it is lost, roll
      the key or issue a new one.
    </ShownOnce>
  );
}
