'use client';

import Link from 'next/link';
import { useState } from 'react';
import { humanize } from '../format';

/**
 * An id shown small beside the name it belongs to; a click copies it (support and the REST API
 * still speak ids). Its accessible name is the id itself, so it reads as what it shows.
 */
export function CopyId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      title="Copy id"
      data-testid="copy-id"
      onClick={() => {
        void navigator.clipboard?.writeText(id).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          },
          () => undefined,
        );
      }}
      className="rounded px-0.5 font-mono text-xs text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
    >
      {id}
      <span aria-live="polite" className="sr-only">
        {copied ? 'Copied' : ''}
      </span>
    </button>
  );
}

/** A name with its id beside it; the id alone while the name is unknown (or not the caller's to see). */
function Named({ name, id, href }: { name: string | undefined; id: string; href?: string }) {
  const text = name ?? id;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1">
      {href ? (
        <Link href={href} className="text-blue-800 underline-offset-2 hover:underline">
          {text}
        </Link>
      ) : (
        <span>{text}</span>
      )}
      {name && <CopyId id={id} />}
    </span>
  );
}

/** A matter by name, linking to its hub. */
export const MatterName = ({ id, name }: { id: string; name: string | undefined }) => (
  <Named id={id} name={name} href={`/matters/${id}`} />
);

/** A user (or API key) by name. */
export const PersonName = ({ id, name }: { id: string; name: string | undefined }) => <Named id={id} name={name} />;

/** A packet's title, as the packets list words it ("Exchange intercept: Preservation request"). */
export const packetTitle = (p: { type: string; packet_type: string }) =>
  `${humanize(p.type)}: ${humanize(p.packet_type)}`;

/** A packet by title, linking to it. */
export const PacketName = ({
  id,
  packet,
}: {
  id: string;
  packet: { type: string; packet_type: string } | undefined;
}) => <Named id={id} name={packet ? packetTitle(packet) : undefined} href={`/packets/${id}`} />;
