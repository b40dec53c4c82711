/**
 * The service's validation messages in words an operator reads. The API keeps its exact,
 * Stripe-style text (`Missing required param: economics.currency.`, `Invalid name: Too small:
 * expected string to have >=1 characters`), which integrators match on; the console shows the
 * same refusal with the field named as its form names it and the schema's wording translated.
 * Anything not recognised is shown as the service wrote it.
 */

/** `economics.currency` → "Currency"; `wallets[0].address` → "Address (item 1)". */
export function fieldLabel(param: string): string {
  const items = [...param.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]) + 1);
  const last =
    param
      .replace(/\[\d+\]/g, '')
      .split('.')
      .pop() ?? param;
  const words = last.replace(/_/g, ' ').replace(/\bid\b/g, 'ID');
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return items.length ? `${label} (item ${items.join(', ')})` : label;
}

/** The schema's reason (after "Invalid <param>: ") in plain words. */
function readableReason(reason: string): string {
  let m: RegExpMatchArray | null;
  if ((m = reason.match(/^Too small: expected string to have >=(\d+) characters?/)))
    return m[1] === '1' ? 'must not be empty' : `must be at least ${m[1]} characters`;
  if ((m = reason.match(/^Too big: expected string to have <=(\d+) characters?/)))
    return `must be at most ${m[1]} characters`;
  if ((m = reason.match(/^Too small: expected array to have >=(\d+) items?/)))
    return `needs at least ${m[1]} item${m[1] === '1' ? '' : 's'}`;
  if ((m = reason.match(/^Too big: expected array to have <=(\d+) items?/))) return `takes at most ${m[1]} items`;
  if ((m = reason.match(/^Too small: expected number to be >=?(-?[\d.]+)/))) return `must be at least ${m[1]}`;
  if ((m = reason.match(/^Too big: expected number to be <=?(-?[\d.]+)/))) return `must be at most ${m[1]}`;
  if (/^Invalid option: expected one of/.test(reason)) return 'choose one of the options offered';
  if ((m = reason.match(/^Invalid input: expected (\w+), received (\w+)/)))
    return m[2] === 'undefined' || m[2] === 'null' ? 'is required' : `must be ${article(m[1])}`;
  if (/^Invalid (ISO )?(datetime|date)/i.test(reason)) return 'must be a date';
  if (/^Invalid (email|url)/i.test(reason))
    return `must be a valid ${reason.match(/email|url/i)![0].toLowerCase() === 'url' ? 'URL' : 'email address'}`;
  if (/^Invalid string: must match pattern/.test(reason)) return 'is not in the expected format';
  return reason;
}

const article = (type: string) =>
  ({ string: 'text', number: 'a number', boolean: 'yes or no', array: 'a list', object: 'a group of fields' })[type] ??
  `a ${type}`;

/** One refusal's message as the console shows it (code and param as the API sent them). */
export function readableMessage(code: string, message: string, param: string | null): string {
  // Only the generic wording is rewritten: a service message that says why (e.g. "clearing a
  // review needs a reason") already speaks to the operator.
  if (code === 'parameter_missing' && param && /^Missing required param/.test(message))
    return `${fieldLabel(param)} is required.`;
  if (code === 'parameter_unknown' && param) return `The form sent a field the service does not take (${param}).`;
  const m = message.match(/^Invalid ([^:]+): (.+)$/s);
  if (code === 'parameter_invalid' && m) {
    const reason = readableReason(m[2]);
    const label = fieldLabel(m[1]);
    return `Invalid ${label.charAt(0).toLowerCase()}${label.slice(1)}: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`;
  }
  return message;
}
