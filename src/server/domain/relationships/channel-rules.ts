/**
 * Who may use a relationship's channel for a contact (API-CONTRACT §16). Pure: the service
 * calls it with the relationship, the sender's roles and the packet's type, and answers 403
 * channel_not_permitted with the reason when it refuses.
 *
 * The service never impersonates law enforcement or uses its channels, so a channel usable by
 * law enforcement alone (or a law-enforcement portal) is refused whoever sends.
 */
export interface Channel {
  channel_type: string;
  usable_by_operator: boolean;
  usable_by_counsel: boolean;
  usable_by_law_enforcement: boolean;
  authorized_submitter_required: boolean;
  packet_types_supported: readonly string[];
}

export type ChannelRefusal =
  | 'law_enforcement_only'
  | 'authorized_submitter_required'
  | 'counsel_only'
  | 'not_usable'
  | 'packet_type_not_supported';

export const isLawEnforcementOnly = (c: Channel) =>
  c.channel_type === 'law_enforcement_portal' ||
  (c.usable_by_law_enforcement && !c.usable_by_operator && !c.usable_by_counsel);

/** Who makes the call: a user's roles, or null for a key bound to no user (then its scopes). */
export interface Caller {
  roles: readonly string[] | null;
  scopes: readonly string[];
}

/**
 * May the caller submit as counsel? The person making the call is the submitter, so naming a
 * counsel user as the sender is not enough: the caller must hold the counsel role, or be an
 * admin (a user with the admin role, or a key of scope `*` bound to no user) acting for the
 * counsel it names — an admin could bind a key to that counsel anyway.
 */
export const callerMaySubmitAsCounsel = (c: Caller) =>
  c.roles ? c.roles.includes('counsel') || c.roles.includes('admin') : c.scopes.includes('*');

/**
 * Why `sender` may not use `channel` when `caller` logs the contact (null: permitted).
 * `packetType` is the packet's type when the contact carries a packet, else null.
 */
export function channelRefusal(
  channel: Channel,
  sender: { roles: readonly string[] },
  packetType: string | null,
  caller: Caller,
): { rule: ChannelRefusal; reason: string } | null {
  const counsel = sender.roles.includes('counsel');
  const callerCounsel = callerMaySubmitAsCounsel(caller);
  if (isLawEnforcementOnly(channel)) {
    return {
      rule: 'law_enforcement_only',
      reason: 'This channel is for law enforcement only; the service never uses or imitates a law-enforcement channel.',
    };
  }
  if (channel.authorized_submitter_required && !counsel) {
    return {
      rule: 'authorized_submitter_required',
      reason: 'This channel needs an authorized submitter: the sender must hold the counsel role.',
    };
  }
  if (channel.authorized_submitter_required && !callerCounsel) {
    return {
      rule: 'authorized_submitter_required',
      reason:
        'This channel needs an authorized submitter: the caller must hold the counsel role (or be an admin acting for the counsel it names).',
    };
  }
  if (!channel.usable_by_operator && !channel.usable_by_counsel) {
    return { rule: 'not_usable', reason: 'This channel is usable by neither operators nor counsel.' };
  }
  if (!channel.usable_by_operator && !counsel) {
    return {
      rule: 'counsel_only',
      reason: 'This channel is usable by counsel only; the sender does not hold the counsel role.',
    };
  }
  if (!channel.usable_by_operator && !callerCounsel) {
    return {
      rule: 'counsel_only',
      reason:
        'This channel is usable by counsel only; the caller does not hold the counsel role (nor is an admin acting for counsel).',
    };
  }
  if (packetType !== null && !channel.packet_types_supported.includes(packetType)) {
    return {
      rule: 'packet_type_not_supported',
      reason: `This channel does not take ${packetType} packets (it supports: ${channel.packet_types_supported.join(', ') || 'none'}).`,
    };
  }
  return null;
}
