/** Assertions shared by the API suites: the error body shape and exact success statuses. */
import assert from 'node:assert/strict';
import { ApiError, type ErrorCode } from '../../src/server/errors';
import type { Res } from './client';

const show = (r: Res) =>
  `${r.status} ${typeof r.body === 'string' ? JSON.stringify(r.body.slice(0, 300)) : JSON.stringify(r.body).slice(0, 600)}`;

/** The `type` the closed table gives a code (so a test never restates the table). */
export const typeOf = (code: ErrorCode) => new ApiError(code, '').type;

/**
 * Asserts an error answer: the status, the code, and the contract's error body
 * `{error:{type, code, message, request_id, audit_ref}}` agreeing with the response headers.
 */
export function expectError(r: Res, status: number, code: ErrorCode, opts: { param?: string; label?: string } = {}) {
  const where = opts.label ? `${opts.label}: ` : '';
  assert.equal(r.status, status, `${where}expected ${status} ${code}, got ${show(r)}`);
  assertErrorShape(r, where);
  assert.equal(r.body.error.code, code, `${where}expected code ${code}, got ${show(r)}`);
  assert.equal(r.body.error.type, typeOf(code), `${where}type of ${code}`);
  if (opts.param !== undefined) assert.equal(r.body.error.param, opts.param, `${where}param, got ${show(r)}`);
}

/** The error envelope alone (any code): every field present and consistent with the headers. */
export function assertErrorShape(r: Res, where = '') {
  const e = r.body?.error;
  assert.ok(e && typeof e === 'object', `${where}no error object in ${show(r)}`);
  assert.equal(typeof e.type, 'string', `${where}error.type`);
  assert.equal(typeof e.code, 'string', `${where}error.code`);
  assert.ok(typeof e.message === 'string' && e.message.length > 0, `${where}error.message`);
  assert.match(e.request_id, /^req_[0-9A-Za-z]{24}$/, `${where}error.request_id`);
  assert.equal(e.request_id, r.headers.get('md-request-id'), `${where}request_id = MD-Request-Id`);
  assert.equal(typeof e.audit_ref, 'string', `${where}error.audit_ref`);
  assert.equal(e.audit_ref, r.headers.get('md-audit-ref'), `${where}audit_ref = MD-Audit-Ref`);
  assert.equal(typeOf(e.code), e.type, `${where}${e.code} belongs to the closed table with type ${e.type}`);
  assert.match(r.headers.get('content-type') ?? '', /^application\/json/, `${where}content-type`);
}

/** Asserts an exact success status, showing the body when it is not. */
export function expectStatus(r: Res, status: number, label = '') {
  assert.equal(r.status, status, `${label ? `${label}: ` : ''}expected ${status}, got ${show(r)}`);
}
