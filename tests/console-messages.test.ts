/**
 * The console's readable validation messages (src/components/readable-error.ts). The inputs are
 * the refusals the service really sends (zod's issue text behind "Invalid <param>: ", captured
 * from parseOrThrow); the outputs are what an operator reads. No server.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldLabel, readableMessage } from '../src/components/readable-error';

const cases: [code: string, message: string, param: string | null, shown: string][] = [
  [
    'parameter_invalid',
    'Invalid name: Too small: expected string to have >=1 characters',
    'name',
    'Invalid name: must not be empty.',
  ],
  [
    'parameter_invalid',
    'Invalid name: Too big: expected string to have <=200 characters',
    'name',
    'Invalid name: must be at most 200 characters.',
  ],
  [
    'parameter_invalid',
    'Invalid mode: Invalid option: expected one of "enforcement"|"recovery"',
    'mode',
    'Invalid mode: choose one of the options offered.',
  ],
  [
    'parameter_invalid',
    'Invalid limit: Too small: expected number to be >=1',
    'limit',
    'Invalid limit: must be at least 1.',
  ],
  [
    'parameter_invalid',
    'Invalid amount: Invalid input: expected number, received string',
    'amount',
    'Invalid amount: must be a number.',
  ],
  ['parameter_invalid', 'Invalid due_at: Invalid ISO datetime', 'due_at', 'Invalid due at: must be a date.'],
  [
    'parameter_invalid',
    'Invalid email: Invalid email address',
    'email',
    'Invalid email: must be a valid email address.',
  ],
  [
    'parameter_invalid',
    'Invalid wallets: Too small: expected array to have >=1 items',
    'wallets',
    'Invalid wallets: needs at least 1 item.',
  ],
  [
    'parameter_invalid',
    'Invalid economics.currency: Too small: expected string to have >=3 characters',
    'economics.currency',
    'Invalid currency: must be at least 3 characters.',
  ],
  ['parameter_missing', 'Missing required param: economics.currency.', 'economics.currency', 'Currency is required.'],
  ['parameter_missing', 'Missing required param: owner_id.', 'owner_id', 'Owner ID is required.'],
  // The service's own explanation is kept as written.
  [
    'parameter_missing',
    'Clearing a review needs a reason (the record of why the match is not the subject).',
    'reason',
    'Clearing a review needs a reason (the record of why the match is not the subject).',
  ],
  [
    'parameter_unknown',
    'Received unknown parameter: zz',
    'zz',
    'The form sent a field the service does not take (zz).',
  ],
  // Not validation: the service's own sentence is already written for people.
  [
    'matter_closed',
    'Matter mtr_1 is closed; it accepts no further changes.',
    null,
    'Matter mtr_1 is closed; it accepts no further changes.',
  ],
  [
    'parameter_invalid',
    'Invalid judgment_id: The matter has several enforceable judgments; name one.',
    'judgment_id',
    'Invalid judgment ID: The matter has several enforceable judgments; name one.',
  ],
];

for (const [code, message, param, shown] of cases) {
  test(`${code}: ${message}`, () => assert.equal(readableMessage(code, message, param), shown));
}

test('field labels: last segment, words, list positions from 1', () => {
  assert.equal(fieldLabel('wallets[0].address'), 'Address (item 1)');
  assert.equal(fieldLabel('authorized_sender'), 'Authorized sender');
});
