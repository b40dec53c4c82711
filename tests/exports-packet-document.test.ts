/**
 * A packet PDF reads as a document (issue 34): poppler renders it, and its pages hold what its
 * content needs (no page but the last is near-empty: before, about one page of content was
 * spread over ten mostly blank pages), no word is split across lines ("engagement_let ter"
 * before), amounts and dates are written for a reader, and the `external` text holds no
 * internal id (`org_…`, `key_…`, `usr_…`, any `<prefix>_` + 24 characters) and no repository
 * path. It is a letter: caption, request, legal basis, exhibit index and the sender's signature
 * block, in that order, with the technical audit in an appendix.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { COINBASE_WALLET, COURT_ORDER_REF, PROOF_REF, packetBody, packetSetup } from './helpers/fixtures-packets';
import { downloadExport, waitForExport } from './helpers/exports';

/** An id of the service: a 2–4 letter prefix, '_', 24 base62 characters (e.g. org_, key_, usr_). */
const INTERNAL_ID = /\b[a-z]{2,4}_[0-9A-Za-z]{24}\b/;
/** A path of the repository, as reference datasets are named internally (data/labels/….csv). */
const REPO_PATH = /\b(?:data|src|prisma|scripts)\/[\w./-]+/;
const MONTHS = 'January February March April May June July August September October November December'.split(' ');
/** Sources whose types and titles are words a narrow column used to break. */
const ENGAGEMENT_REF = {
  source_type: 'engagement_letter',
  title: 'Engagement letter between the judgment creditor and its counsel',
  uri: 'https://docs.example/engagement.pdf',
};
const ATTORNEY_REF = {
  source_type: 'power_of_attorney',
  title: 'Power of attorney granted by the judgment creditor to its representative',
  uri: 'https://docs.example/attorney.pdf',
};

let srv: TestServer;
let c: Client;
let k: Kit;
let work: string;

before(async () => {
  srv = await startServer({ MD_WORKER_POLL_MS: '100' });
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
  work = mkdtempSync(path.join(tmpdir(), 'md-packet-document-'));
});
after(async () => {
  await srv?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function exported(packetId: string, format: string, profile: string) {
  const e = await c.post(`/v1/packets/${packetId}/export`, { format, redaction_profile: profile });
  expectStatus(e, 200, `export ${format} ${profile}`);
  const ready = await waitForExport(c, e.body.export_id);
  assert.equal(ready.status, 'ready', JSON.stringify(ready));
  return { ready, bytes: await downloadExport(ready) };
}

/** The PDF's pages as text (pdftotext, reading order), with the footer lines removed. */
function pagesOf(bytes: Buffer, name: string) {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, bytes);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);
  return Array.from({ length: pages }, (_, i) =>
    execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), file, '-'])
      .toString()
      .split('\n')
      .filter((l) => !/^(Export .*\| )?JSON bundle SHA-256 [0-9a-f]{64}$/.test(l) && !/^Page \d+ of \d+$/.test(l))
      .join('\n'),
  );
}

const visible = (t: string) => t.replace(/\s+/g, '').length;

/**
 * Words split across two lines: the last word of a line and the first of the next that join
 * into a word of the bundle (or a month name) while one of them alone is not a word. Words
 * longer than 30 characters (hashes, addresses) may be broken: they are wider than a column.
 */
function splitWords(text: string, words: Set<string>): string[] {
  const found: string[] = [];
  const lines = text.split('\n').map((l) => l.trim());
  for (let i = 0; i + 1 < lines.length; i++) {
    const a = /([A-Za-z0-9_]+)$/.exec(lines[i])?.[1];
    const b = /^([A-Za-z0-9_]+)/.exec(lines[i + 1])?.[1];
    if (!a || !b) continue;
    const joined = a + b;
    if (joined.length < 4 || joined.length > 30 || !words.has(joined)) continue;
    if (!words.has(a) || !words.has(b)) found.push(`${a} | ${b}`);
  }
  return found;
}

function wordsOf(json: string): Set<string> {
  const out = new Set<string>(MONTHS);
  for (const w of json.split(/[^A-Za-z0-9_]+/)) if (w) out.add(w);
  for (const w of json.split(/[^A-Za-z0-9]+/)) if (w) out.add(w);
  // A code is also written as words ("engagement_letter" as "Engagement letter").
  for (const w of [...out]) out.add(w[0].toUpperCase() + w.slice(1));
  return out;
}

describe('a packet PDF as a document', () => {
  let packetId: string;
  let caseNumber: string;
  let senderName: string;

  before(async () => {
    const s = await packetSetup(k);
    const p = await c.post(
      '/v1/packets/exchange-intercept',
      packetBody(s, { source_refs: [ENGAGEMENT_REF, ATTORNEY_REF, COURT_ORDER_REF, PROOF_REF] }),
    );
    expectStatus(p, 200, 'packet');
    packetId = p.body.packet_id;
    caseNumber = p.body.contents.judgment_summary.case_number;
    senderName = p.body.authorized_sender.name;
  });

  for (const profile of ['external', 'none']) {
    test(`${profile}: pages match the content, no word is split, the letter's parts in order`, async () => {
      const pdf = await exported(packetId, 'pdf', profile);
      const json = (await exported(packetId, 'json', profile)).bytes.toString('utf8');
      const pages = pagesOf(pdf.bytes, `${profile}-packet`);
      const chars = pages.map(visible);
      const fullest = Math.max(...chars);
      const total = chars.reduce((s, n) => s + n, 0);
      console.log(`# ${profile}: ${pages.length} pages, visible characters per page ${JSON.stringify(chars)}`);
      // Every page but the last holds at least a third of the fullest page: no mostly blank page.
      chars.slice(0, -1).forEach((n, i) => assert.ok(n >= fullest / 3, `page ${i + 1} holds ${n} of ${fullest}`));
      assert.ok(chars[chars.length - 1] > 0, 'the last page has content');
      // And no more pages than the content fills at a third of the fullest page each.
      assert.ok(pages.length <= Math.ceil(total / (fullest / 3)), `${pages.length} pages for ${total} characters`);

      const text = pages.join('\n');
      assert.deepEqual(splitWords(text, wordsOf(json)), [], 'no word split across lines');
      // The case of the old bug: the source type is whole (as a code or as words).
      assert.match(text.replace(/\s+/g, ' '), /Engagement letter/);

      // The letter, in order: caption, request, legal basis, exhibits, signature, then the audit.
      const flat = text.replace(/\s+/g, ' ');
      const at = (re: RegExp) => {
        const i = flat.search(re);
        assert.ok(i >= 0, `${re} in the text`);
        return i;
      };
      const order = [
        at(new RegExp(`Case No\\. ${caseNumber.replace(/[/.]/g, '\\$&')}`)),
        at(/Judgment Creditor/),
        at(/\bRequest\b/),
        at(/Legal basis/),
        at(/Exhibit index/),
        at(/Respectfully submitted/),
        at(/Appendix B\. Technical audit/),
      ];
      assert.deepEqual(
        order,
        [...order].sort((a, b) => a - b),
        'caption, request, legal basis, exhibits, signature, appendix',
      );
      assert.ok(flat.includes(senderName), 'the signature block names the authorized sender');
      assert.match(flat, /To: Coinbase, Inc\., by legal process portal/, 'addressed to the recipient channel');
      // Amounts with separators and their unit, dates in words; no ISO timestamp.
      assert.match(flat, /\$100,000\.00/);
      assert.doesNotMatch(flat, /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
      assert.match(flat, new RegExp(`(${MONTHS.join('|')}) \\d{1,2}, \\d{4}`));

      if (profile === 'external') {
        assert.doesNotMatch(text, INTERNAL_ID, 'no internal id in the external text');
        assert.doesNotMatch(text, REPO_PATH, 'no repository path in the external text');
        assert.ok(flat.toLowerCase().includes(COINBASE_WALLET), 'the wallet address itself is the request');
      } else {
        // The internal copy keeps the ids (so the pattern above is known to catch them).
        assert.match(text, INTERNAL_ID);
        assert.ok(text.includes(pdf.ready.export_id), 'the export id in the footer');
      }
    });
  }
});
