/**
 * Actions and relationships over HTTP: the action state machine with completion evidence and
 * its audit event, every list filter with paging and the due-date order, bad filter values,
 * owners outside the organization or the matter, every channel rule refusing a contact, and
 * one counterparty across relationships whose names differ in letter case and spacing.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, matterWithAuthority, SOURCE, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { channelRefusal } from '../src/server/domain/relationships/channel-rules';
import { normalizeCounterpartyName } from '../src/server/domain/relationships/counterparty-name';
import { allowedMoves, completionProblem, isOverdue } from '../src/server/domain/actions/action-status';

let srv: TestServer;
let c: Client;
let orgId: string;
let operator: string;
let counsel: string;

const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function user(roles: string[], matter_ids?: string[], via = c, org = orgId) {
  const r = await via.post(`/v1/organizations/${org}/users`, {
    email: `u-${uniq()}@example.test`,
    roles,
    ...(matter_ids ? { matter_ids } : {}),
  });
  expectStatus(r, 201, 'invite user');
  return r.body.user_id as string;
}

async function action(matterId: string, over: Record<string, unknown> = {}) {
  const r = await c.post('/v1/actions', { matter_id: matterId, type: 'custom', title: `Action ${uniq()}`, ...over });
  expectStatus(r, 200, 'create action');
  return r.body;
}

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  orgId = (await c.get('/v1/organizations')).body.data.find((o: any) => o.parent_id === null).organization_id;
  operator = await user(['operator']);
  counsel = await user(['counsel']);
});
after(async () => srv?.stop());

describe('pure rules', () => {
  test('the action state machine and completion evidence', () => {
    assert.deepEqual(allowedMoves('open'), ['in_progress', 'blocked', 'cancelled']);
    assert.deepEqual(allowedMoves('in_progress'), ['completed', 'blocked', 'cancelled']);
    assert.deepEqual(allowedMoves('completed'), []);
    assert.deepEqual(allowedMoves('cancelled'), []);
    assert.ok(completionProblem({}));
    assert.ok(completionProblem({ completion_notes: '   ', evidence_refs: [] }));
    assert.equal(completionProblem({ completion_notes: 'done' }), null);
    assert.equal(completionProblem({ evidence_refs: [{}] }), null);
    const now = new Date('2030-01-02T00:00:00Z');
    assert.equal(isOverdue({ status: 'open', due_at: new Date('2030-01-01T00:00:00Z') }, now), true);
    assert.equal(isOverdue({ status: 'completed', due_at: new Date('2030-01-01T00:00:00Z') }, now), false);
    assert.equal(isOverdue({ status: 'open', due_at: null }, now), false);
  });

  test('counterparty names normalize across letter case, spacing and punctuation', () => {
    assert.equal(normalizeCounterpartyName('Coinbase, Inc.'), normalizeCounterpartyName('  COINBASE   inc '));
    assert.notEqual(normalizeCounterpartyName('Coinbase'), normalizeCounterpartyName('Kraken'));
  });

  test('every channel rule refuses, including a packet type the channel does not take', () => {
    const base = {
      channel_type: 'email',
      usable_by_operator: true,
      usable_by_counsel: true,
      usable_by_law_enforcement: false,
      authorized_submitter_required: false,
      packet_types_supported: ['exchange_freeze'],
    };
    // Each caller here is the sender themself (the caller rules have their own test).
    const op = { roles: ['operator'], scopes: ['*'] };
    const co = { roles: ['counsel'], scopes: ['*'] };
    assert.equal(channelRefusal(base, op, null, op), null);
    assert.equal(channelRefusal(base, op, 'exchange_freeze', op), null);
    assert.equal(
      channelRefusal(
        { ...base, usable_by_operator: false, usable_by_counsel: false, usable_by_law_enforcement: true },
        co,
        null,
        co,
      )?.rule,
      'law_enforcement_only',
    );
    assert.equal(
      channelRefusal({ ...base, channel_type: 'law_enforcement_portal' }, co, null, co)?.rule,
      'law_enforcement_only',
    );
    assert.equal(
      channelRefusal({ ...base, authorized_submitter_required: true }, op, null, op)?.rule,
      'authorized_submitter_required',
    );
    assert.equal(channelRefusal({ ...base, authorized_submitter_required: true }, co, null, co), null);
    assert.equal(channelRefusal({ ...base, usable_by_operator: false }, op, null, op)?.rule, 'counsel_only');
    assert.equal(
      channelRefusal({ ...base, usable_by_operator: false, usable_by_counsel: false }, co, null, co)?.rule,
      'not_usable',
    );
    assert.equal(channelRefusal(base, op, 'vasp_legal_process', op)?.rule, 'packet_type_not_supported');
  });

  test('the counsel rules judge the caller too: naming counsel as the sender is not enough', () => {
    const base = {
      channel_type: 'legal_process_portal',
      usable_by_operator: true,
      usable_by_counsel: true,
      usable_by_law_enforcement: false,
      authorized_submitter_required: true,
      packet_types_supported: [],
    };
    const counselSender = { roles: ['counsel'] };
    const operator = { roles: ['operator'], scopes: ['*'] };
    const counsel = { roles: ['counsel'], scopes: ['relationships:write'] };
    const adminUser = { roles: ['admin'], scopes: ['relationships:write'] };
    const adminKey = { roles: null, scopes: ['*'] };
    const integration = { roles: null, scopes: ['relationships:*'] };
    for (const [label, channel, rule] of [
      ['authorized submitter', base, 'authorized_submitter_required'],
      ['counsel only', { ...base, authorized_submitter_required: false, usable_by_operator: false }, 'counsel_only'],
    ] as const) {
      assert.equal(channelRefusal(channel, counselSender, null, operator)?.rule, rule, `${label}: operator caller`);
      assert.equal(channelRefusal(channel, counselSender, null, integration)?.rule, rule, `${label}: unbound key`);
      assert.match(channelRefusal(channel, counselSender, null, operator)!.reason, /caller/);
      assert.equal(channelRefusal(channel, counselSender, null, counsel), null, `${label}: counsel caller`);
      assert.equal(channelRefusal(channel, counselSender, null, adminUser), null, `${label}: admin user`);
      assert.equal(channelRefusal(channel, counselSender, null, adminKey), null, `${label}: admin key`);
      // The contract's check on the named sender stays: a counsel caller cannot name an operator.
      assert.equal(channelRefusal(channel, { roles: ['operator'] }, null, counsel)?.rule, rule, `${label}: sender`);
    }
  });
});

describe('actions', () => {
  test('state machine: open → in_progress → completed with evidence; its audit event and action.completed', async () => {
    const m = await matterWithAuthority(c, 'State machine');
    const a = await action(m, {
      owner_id: operator,
      priority: 'high',
      due_at: '2020-01-01T00:00:00Z',
      requirements: ['Court order'],
    });
    assert.equal(a.object, 'action');
    assert.match(a.action_id, /^act_/);
    assert.equal(a.status, 'open');
    assert.equal(a.overdue, true, 'past due and open');
    assert.deepEqual(a.requirements, ['Court order']);
    assert.match(a.audit_ref, /^eve_/);

    expectError(
      await c.post(`/v1/actions/${a.action_id}/complete`, { completion_notes: 'too early' }),
      409,
      'invalid_state_transition',
    );
    expectError(await c.patch(`/v1/actions/${a.action_id}`, { status: 'completed' }), 400, 'parameter_invalid', {
      param: 'status',
    });
    const started = await c.patch(`/v1/actions/${a.action_id}`, { status: 'in_progress' });
    expectStatus(started, 200);
    assert.equal(started.body.status, 'in_progress');

    expectError(await c.post(`/v1/actions/${a.action_id}/complete`, {}), 400, 'parameter_missing', {
      param: 'completion_notes',
    });
    expectError(
      await c.post(`/v1/actions/${a.action_id}/complete`, { completion_notes: '  ', evidence_refs: [] }),
      400,
      'parameter_missing',
    );

    const done = await c.post(`/v1/actions/${a.action_id}/complete`, {
      completion_notes: 'Subpoena served',
      evidence_refs: [SOURCE],
    });
    expectStatus(done, 200);
    assert.equal(done.body.status, 'completed');
    assert.equal(done.body.completion_notes, 'Subpoena served');
    assert.deepEqual(done.body.evidence_refs, [SOURCE]);
    assert.ok(done.body.completed_at);
    assert.equal(done.body.overdue, false, 'a completed action is never overdue');

    const audit = await c.get(`/v1/audit/matters/${m}?event_type=action.completed`);
    expectStatus(audit, 200);
    const ev = audit.body.data.find((e: any) => e.object_id === a.action_id);
    assert.ok(ev, 'the completion has its audit event');
    assert.equal(ev.event_id ?? ev.id, done.body.audit_ref);
    assert.equal(ev.details.completion_notes, 'Subpoena served');
    assert.deepEqual(ev.details.evidence_refs, [SOURCE]);
    const events = await c.get(`/v1/events?type=action.completed&matter_id=${m}`);
    assert.equal(events.body.data.length, 1);
    assert.equal(events.body.data[0].data.object.action_id, a.action_id);
    assert.equal(events.body.data[0].audit_ref, done.body.audit_ref);
    for (const t of ['action.created', 'action.updated']) {
      assert.equal((await c.get(`/v1/events?type=${t}&matter_id=${m}`)).body.data.length, 1, t);
    }
    const verify = await c.get(`/v1/audit/matters/${m}/verify`);
    assert.equal(verify.body.valid, true);

    expectError(await c.patch(`/v1/actions/${a.action_id}`, { title: 'again' }), 409, 'invalid_state_transition');
    expectError(
      await c.post(`/v1/actions/${a.action_id}/complete`, { completion_notes: 'twice' }),
      409,
      'invalid_state_transition',
    );
    expectError(
      await c.post(`/v1/actions/${a.action_id}/assign`, { owner_id: counsel }),
      409,
      'invalid_state_transition',
    );
  });

  test('blocked resumes; cancelled is final; a move not in the machine is 409 naming the allowed moves', async () => {
    const m = await matterWithAuthority(c, 'Blocked');
    const a = await action(m);
    expectStatus(await c.patch(`/v1/actions/${a.action_id}`, { status: 'blocked' }), 200);
    const resumed = await c.patch(`/v1/actions/${a.action_id}`, { status: 'in_progress' });
    assert.equal(resumed.body.status, 'in_progress');
    expectStatus(await c.patch(`/v1/actions/${a.action_id}`, { status: 'cancelled' }), 200);
    const r = await c.patch(`/v1/actions/${a.action_id}`, { status: 'open' });
    expectError(r, 409, 'invalid_state_transition');
    assert.match(r.body.error.message, /cancelled/);
    const open = await action(m);
    expectStatus(await c.patch(`/v1/actions/${open.action_id}`, { status: 'blocked' }), 200);
    assert.equal(
      (await c.get(`/v1/matters/${m}/dashboard`)).body.open_actions,
      1,
      'the blocked action is still open; the cancelled one is not',
    );
  });

  test('assign writes action.assigned; owners outside the organization, the matter or the action roles are 400', async () => {
    const m = await matterWithAuthority(c, 'Owners');
    const other = await matterWithAuthority(c, 'Other matter');
    const a = await action(m);
    const r = await c.post(`/v1/actions/${a.action_id}/assign`, { owner_id: operator, notes: 'yours' });
    expectStatus(r, 200);
    assert.equal(r.body.owner_id, operator);
    const ev = (await c.get(`/v1/events?type=action.assigned&matter_id=${m}`)).body.data;
    assert.equal(ev.length, 1);
    assert.equal(ev[0].data.object.owner_id, operator);

    const child = await c.post('/v1/organizations', { name: `Child ${uniq()}`, type: 'counsel' });
    const outsider = await user(['operator'], undefined, c, child.body.organization_id);
    const confined = await user(['operator'], [other]);
    const viewer = await user(['viewer']);
    for (const [label, owner] of [
      ['another organization', outsider],
      ['confined to another matter', confined],
      ['a viewer', viewer],
      ['no such user', 'usr_000000000000000000000000'],
    ]) {
      expectError(await c.post(`/v1/actions/${a.action_id}/assign`, { owner_id: owner }), 400, 'parameter_invalid', {
        param: 'owner_id',
        label,
      });
      expectError(
        await c.post('/v1/actions', { matter_id: m, title: 'x', owner_id: owner }),
        400,
        'parameter_invalid',
        { param: 'owner_id', label: `create: ${label}` },
      );
      expectError(await c.patch(`/v1/actions/${a.action_id}`, { owner_id: owner }), 400, 'parameter_invalid', {
        param: 'owner_id',
        label: `patch: ${label}`,
      });
    }
    expectError(
      await c.post('/v1/actions', { matter_id: m, title: 'x', owner_id: 'someone' }),
      400,
      'parameter_invalid',
      { param: 'owner_id' },
    );
    expectError(
      await c.post('/v1/actions', { matter_id: m, title: 'x', linked_packet_id: 'ale_000000000000000000000000' }),
      400,
      'parameter_invalid',
      { param: 'linked_packet_id' },
    );
    expectError(
      await c.post('/v1/actions', { matter_id: m, title: 'x', type: 'rob_a_bank' }),
      400,
      'parameter_invalid',
      { param: 'type' },
    );
  });

  test('every list filter, with paging; sort=due_at earliest first with undated last; bad filter values are 400', async () => {
    const m1 = await matterWithAuthority(c, 'Filters one');
    const m2 = await matterWithAuthority(c, 'Filters two');
    const camp = `camp-${uniq()}`;
    const a1 = await action(m1, { owner_id: operator, campaign_id: camp, due_at: '2031-03-01T00:00:00Z' });
    const a2 = await action(m1, { owner_id: counsel, campaign_id: camp, due_at: '2031-01-01T00:00:00Z' });
    const a3 = await action(m1, { owner_id: operator, campaign_id: camp });
    const a4 = await action(m2, { owner_id: operator, campaign_id: camp, due_at: '2031-02-01T00:00:00Z' });
    const a5 = await action(m2, { owner_id: counsel, campaign_id: camp, due_at: '2031-01-01T00:00:00Z' });
    expectStatus(await c.patch(`/v1/actions/${a4.action_id}`, { status: 'in_progress' }), 200);
    const ids = async (q: string) =>
      (await c.get(`/v1/actions?campaign_id=${camp}&limit=100&${q}`)).body.data.map((a: any) => a.action_id);
    const newest = [a5, a4, a3, a2, a1].map((a) => a.action_id);

    assert.deepEqual(await ids(''), newest, 'campaign_id, newest first');
    assert.deepEqual(
      await ids(`matter_id=${m1}`),
      [a3, a2, a1].map((a) => a.action_id),
    );
    assert.deepEqual(
      await ids(`owner_id=${operator}`),
      [a4, a3, a1].map((a) => a.action_id),
    );
    assert.deepEqual(await ids('status=in_progress'), [a4.action_id]);
    assert.deepEqual(
      await ids('status=open'),
      [a5, a3, a2, a1].map((a) => a.action_id),
    );
    assert.deepEqual(
      await ids('due_before=2031-02-01'),
      [a5, a2].map((a) => a.action_id),
    );
    assert.deepEqual(
      await ids('due_after=2031-01-15T00:00:00Z'),
      [a4, a1].map((a) => a.action_id),
    );
    assert.deepEqual(
      await ids('due_after=2030-12-31&due_before=2031-02-15'),
      [a5, a4, a2].map((a) => a.action_id),
    );
    assert.deepEqual(
      await ids(`owner_id=${operator}&status=open&matter_id=${m1}`),
      [a3, a1].map((a) => a.action_id),
    );
    const perMatter = await c.get(`/v1/actions/matters/${m2}?campaign_id=${camp}&owner_id=${counsel}`);
    expectStatus(perMatter, 200);
    assert.deepEqual(
      perMatter.body.data.map((a: any) => a.action_id),
      [a5.action_id],
    );
    assert.equal(perMatter.body.url, `/v1/actions/matters/${m2}`);

    // Due order: 2031-01-01 (a2, a5 by id), 2031-02-01, 2031-03-01, then the undated one.
    const due = [a2, a5, a4, a1, a3].map((a) => a.action_id);
    assert.deepEqual(await ids('sort=due_at'), due);

    // Paging, both orders, forwards then backwards.
    for (const [sort, order] of [
      ['', newest],
      ['&sort=due_at', due],
    ] as const) {
      const seen: string[] = [];
      let after = '';
      for (;;) {
        const p = await c.get(
          `/v1/actions?campaign_id=${camp}&limit=2${sort}${after ? `&starting_after=${after}` : ''}`,
        );
        expectStatus(p, 200);
        seen.push(...p.body.data.map((a: any) => a.action_id));
        if (!p.body.has_more) break;
        after = p.body.data.at(-1).action_id;
      }
      assert.deepEqual(seen, order, `forward pages ${sort || 'newest'}`);
      const back = await c.get(`/v1/actions?campaign_id=${camp}&limit=2${sort}&ending_before=${order[4]}`);
      assert.deepEqual(
        back.body.data.map((a: any) => a.action_id),
        order.slice(2, 4),
        `backward page ${sort || 'newest'}`,
      );
      assert.equal(back.body.has_more, true);
      const first = await c.get(`/v1/actions?campaign_id=${camp}&limit=2${sort}&ending_before=${order[2]}`);
      assert.deepEqual(
        first.body.data.map((a: any) => a.action_id),
        order.slice(0, 2),
      );
      assert.equal(first.body.has_more, false);
    }

    for (const [q, param] of [
      ['status=finished', 'status'],
      ['owner_id=bob', 'owner_id'],
      ['matter_id=m1', 'matter_id'],
      ['due_before=tomorrow', 'due_before'],
      ['due_after=2031-13-45', 'due_after'],
      ['sort=priority', 'sort'],
      ['limit=0', 'limit'],
      ['sort=due_at&starting_after=act_000000000000000000000000', 'starting_after'],
    ]) {
      expectError(await c.get(`/v1/actions?${q}`), 400, 'parameter_invalid', { param, label: q });
    }
    expectError(await c.get(`/v1/actions/matters/${m1}?status=done`), 400, 'parameter_invalid', { param: 'status' });
    expectError(await c.get(`/v1/actions/matters/${m1}?matter_id=${m2}`), 400, 'parameter_unknown', {
      param: 'matter_id',
    });
  });

  test("a key restricted to a matter lists only that matter's actions", async () => {
    const m1 = await matterWithAuthority(c, 'Restricted one');
    const m2 = await matterWithAuthority(c, 'Restricted two');
    const camp = `r-${uniq()}`;
    const mine = await action(m1, { campaign_id: camp });
    await action(m2, { campaign_id: camp });
    const k = await c.post(`/v1/organizations/${orgId}/api-keys`, { scopes: ['*'], matter_ids: [m1] });
    const rc = c.withKey(k.body.secret_once);
    assert.deepEqual(
      (await rc.get(`/v1/actions?campaign_id=${camp}`)).body.data.map((a: any) => a.action_id),
      [mine.action_id],
    );
    assert.deepEqual((await rc.get(`/v1/actions?campaign_id=${camp}&matter_id=${m2}`)).body.data, []);
  });
});

describe('relationships', () => {
  const rel = (over: Record<string, unknown>) => ({
    counterparty_type: 'exchange',
    counterparty_name: `Exchange ${uniq()}`,
    channel_type: 'email',
    usable_by_operator: true,
    usable_by_counsel: true,
    usable_by_law_enforcement: false,
    authorized_submitter_required: false,
    packet_types_supported: ['exchange_freeze'],
    ...over,
  });

  test('one counterparty id across relationships whose names differ in letter case and spacing', async () => {
    const name = `Coinbase ${uniq()}`;
    const a = await c.post('/v1/relationships', rel({ counterparty_name: `${name}, Inc.` }));
    expectStatus(a, 201);
    assert.match(a.body.counterparty_id, /^cou_/);
    assert.match(a.body.relationship_id, /^rel_/);
    const b = await c.post(
      '/v1/relationships',
      rel({ counterparty_name: `  ${name.toUpperCase()}   INC `, channel_type: 'legal_process_portal' }),
    );
    expectStatus(b, 201);
    assert.equal(b.body.counterparty_id, a.body.counterparty_id);
    assert.equal(b.body.counterparty_name, `${name}, Inc.`, 'the first spelling names the counterparty');
    const other = await c.post(
      '/v1/relationships',
      rel({ counterparty_name: `${name}, Inc.`, counterparty_type: 'issuer' }),
    );
    assert.notEqual(other.body.counterparty_id, a.body.counterparty_id, 'another type is another counterparty');
    // Concurrent creates of one new name still share one counterparty (the unique index decides).
    const fresh = `Kraken ${uniq()}`;
    const many = await Promise.all(
      [0, 1, 2].map((i) => c.post('/v1/relationships', rel({ counterparty_name: i ? fresh.toLowerCase() : fresh }))),
    );
    for (const r of many) expectStatus(r, 201);
    assert.equal(new Set(many.map((r) => r.body.counterparty_id)).size, 1);

    const list = await c.get(`/v1/relationships?counterparty_id=${a.body.counterparty_id}`);
    assert.deepEqual(
      list.body.data.map((r: any) => r.relationship_id),
      [b.body.relationship_id, a.body.relationship_id],
    );
    const cp = await c.get(`/v1/relationships/counterparties/${a.body.counterparty_id}`);
    expectStatus(cp, 200);
    assert.equal(cp.body.object, 'counterparty');
    assert.deepEqual(
      cp.body.relationships.map((r: any) => r.relationship_id),
      [a.body.relationship_id, b.body.relationship_id],
    );
    expectError(await c.get('/v1/relationships?counterparty_type=bank'), 400, 'parameter_invalid', {
      param: 'counterparty_type',
    });
    expectError(await c.get('/v1/relationships?packet_type=letter'), 400, 'parameter_invalid', {
      param: 'packet_type',
    });
    assert.ok(
      (await c.get('/v1/relationships?packet_type=exchange_freeze&counterparty_type=issuer')).body.data.some(
        (r: any) => r.relationship_id === other.body.relationship_id,
      ),
    );
  });

  test('contact log: every channel rule refuses with 403 channel_not_permitted; a permitted contact is history', async () => {
    const m = await matterWithAuthority(c, 'Contacts');
    const contact = (relId: string, sender: string, over: Record<string, unknown> = {}) =>
      c.post(`/v1/relationships/${relId}/contact-log`, {
        matter_id: m,
        authorized_sender: sender,
        contact_type: 'email',
        outcome: 'sent',
        ...over,
      });

    const leOnly = (
      await c.post(
        '/v1/relationships',
        rel({
          counterparty_type: 'law_enforcement',
          usable_by_operator: false,
          usable_by_counsel: false,
          usable_by_law_enforcement: true,
        }),
      )
    ).body;
    assert.equal(leOnly.law_enforcement_only, true);
    const lePortal = (
      await c.post(
        '/v1/relationships',
        rel({ channel_type: 'law_enforcement_portal', usable_by_law_enforcement: true }),
      )
    ).body;
    const submitter = (await c.post('/v1/relationships', rel({ authorized_submitter_required: true }))).body;
    const counselOnly = (await c.post('/v1/relationships', rel({ usable_by_operator: false }))).body;
    const open = (
      await c.post('/v1/relationships', rel({ packet_types_supported: ['exchange_freeze', 'vasp_legal_process'] }))
    ).body;

    for (const [label, r, sender, rule] of [
      ['law-enforcement-only channel, even for counsel', leOnly, counsel, 'law_enforcement_only'],
      ['law-enforcement portal', lePortal, counsel, 'law_enforcement_only'],
      ['authorized submitter needed, sender is an operator', submitter, operator, 'authorized_submitter_required'],
      ['counsel-only channel, sender is an operator', counselOnly, operator, 'counsel_only'],
    ] as const) {
      const res = await contact(r.relationship_id, sender);
      expectError(res, 403, 'channel_not_permitted', { label });
      assert.equal(res.body.error.details?.rule ?? rule, rule, label);
    }
    expectStatus(await contact(submitter.relationship_id, counsel), 201, 'counsel may submit');

    const outsider = await user(['operator'], [await matterWithAuthority(c, 'Elsewhere')]);
    expectError(await contact(open.relationship_id, outsider), 400, 'parameter_invalid', {
      param: 'authorized_sender',
    });
    expectError(await contact(open.relationship_id, operator, { outcome: 'ghosted' }), 400, 'parameter_invalid', {
      param: 'outcome',
    });
    expectError(
      await contact(open.relationship_id, operator, { packet_id: 'act_000000000000000000000000' }),
      400,
      'parameter_invalid',
      { param: 'packet_id' },
    );

    // The packet must be one of the contact's matter (an exchange freeze: a type the channel takes).
    expectError(
      await contact(open.relationship_id, operator, { packet_id: 'pac_000000000000000000000001' }),
      400,
      'parameter_invalid',
      { param: 'packet_id' },
    );
    const grant = (await c.get(`/v1/matters/${m}/authority`)).body.data[0].authority_id;
    const packet = await c.post('/v1/packets/exchange-freeze', {
      matter_id: m,
      authorized_sender: counsel,
      legal_authority_id: grant,
      packet_type: 'freeze',
    });
    expectStatus(packet, 200, 'packet');
    const ok = await contact(open.relationship_id, operator, {
      packet_id: packet.body.packet_id,
      outcome: 'acknowledged',
      notes: 'Ticket 42',
    });
    expectStatus(ok, 201);
    assert.equal(ok.body.object, 'contact_log');
    assert.match(ok.body.contact_log_id, /^con_/);
    const got = await c.get(`/v1/relationships/${open.relationship_id}`);
    assert.deepEqual(
      got.body.contact_history.map((h: any) => h.contact_log_id),
      [ok.body.contact_log_id],
    );
    const cp = await c.get(`/v1/relationships/counterparties/${open.counterparty_id}`);
    assert.deepEqual(
      cp.body.response_history.map((h: any) => h.outcome),
      ['acknowledged'],
    );
    assert.deepEqual(
      cp.body.packets.map((p: any) => [p.packet_id, p.type, p.status]),
      [[packet.body.packet_id, 'exchange_freeze', 'draft']],
    );
    assert.equal((await c.get(`/v1/events?type=contact_log.created&matter_id=${m}`)).body.data.length, 2);
  });

  test('PATCH writes relationship.updated; a restricted key cannot use the registry but logs on its matter', async () => {
    const r = (await c.post('/v1/relationships', rel({}))).body;
    const p = await c.patch(`/v1/relationships/${r.relationship_id}`, {
      risk_level: 'high',
      notes: 'slow',
      packet_types_supported: ['exchange_freeze', 'exchange_freeze', 'exchange_turnover'],
    });
    expectStatus(p, 200);
    assert.equal(p.body.risk_level, 'high');
    assert.deepEqual(p.body.packet_types_supported, ['exchange_freeze', 'exchange_turnover']);
    const evs = (await c.get('/v1/events?type=relationship.updated&limit=100')).body.data;
    assert.ok(evs.some((e: any) => e.data.object.relationship_id === r.relationship_id));
    assert.ok(
      (await c.get('/v1/events?type=relationship.created&limit=100')).body.data.some(
        (e: any) => e.data.object.relationship_id === r.relationship_id,
      ),
    );

    const m = await matterWithAuthority(c, 'Restricted contact');
    const k = await c.post(`/v1/organizations/${orgId}/api-keys`, { scopes: ['*'], matter_ids: [m] });
    const rc = c.withKey(k.body.secret_once);
    expectError(await rc.get(`/v1/relationships/${r.relationship_id}`), 403, 'matter_restricted_key');
    expectError(await rc.get('/v1/relationships'), 403, 'matter_restricted_key');
    expectStatus(
      await rc.post(`/v1/relationships/${r.relationship_id}/contact-log`, {
        matter_id: m,
        authorized_sender: operator,
        contact_type: 'phone',
        outcome: 'no_response',
      }),
      201,
    );
  });
});
