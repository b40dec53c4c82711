import PDFDocument from 'pdfkit';
import type { Block, RenderDoc, Stamp } from './document';
import { drawChart } from './chart';
import { pdfText } from './pdf-text';
import { fitWords, widestWord } from './fit-words';
import { tableWidths } from './table-layout';

export { pdfText };

/**
 * Renders a document with pdfkit (standard Helvetica, so no font files to ship): the title and
 * its facts on the first page, then the sections flowing one after another (a heading is kept
 * with the start of its section; only appendix sections start a page), tables that size their
 * columns to their words and repeat their header across pages, and on every page a footer with
 * the page number and the SHA-256 of the export's JSON bundle (and, for internal readers, the
 * export id).
 */
const MARGIN = 54;
const FOOTER_H = 30;
/** A heading needs this much room under it, or it moves to the next page with its section. */
const KEEP_WITH_NEXT = 72;
const CELL_PAD = 3;
/** An appendix starts a page when the page before is filled past this share of its height. */
const APPENDIX_FILL = 0.4;

const bottomOf = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;
const atPageTop = (doc: PDFKit.PDFDocument) => doc.y <= doc.page.margins.top + 1;

/** Column widths from the cells' words (services/exports/table-layout.ts). */
function columnWidths(doc: PDFKit.PDFDocument, b: Extract<Block, { kind: 'table' }>, full: number) {
  doc.font('Helvetica-Bold').fontSize(8);
  const mins = b.columns.map((c) => widestWord(doc, pdfText(c)));
  doc.font('Helvetica').fontSize(8);
  for (const r of b.rows) r.forEach((c, i) => (mins[i] = Math.max(mins[i] ?? 0, widestWord(doc, pdfText(c || '-')))));
  return tableWidths({ full, weights: b.widths, minWidths: mins.map((m) => m + 2 * CELL_PAD + 1) });
}

function drawTable(doc: PDFKit.PDFDocument, b: Extract<Block, { kind: 'table' }>) {
  const left = doc.page.margins.left;
  const full = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const widths = columnWidths(doc, b, full);
  const pad = CELL_PAD;
  const drawRow = (cells: string[], font: string, shade: boolean) => {
    doc.font(font).fontSize(8);
    const texts = cells.map((c, i) => fitWords(doc, pdfText(c || '-'), widths[i] - 2 * pad));
    const h = Math.max(...texts.map((t, i) => doc.heightOfString(t, { width: widths[i] - 2 * pad }))) + 2 * pad;
    if (doc.y + h > bottomOf(doc)) {
      doc.addPage();
      if (font !== 'Helvetica-Bold') drawRow(b.columns, 'Helvetica-Bold', true);
    }
    const y = doc.y;
    if (shade) doc.save().rect(left, y, full, h).fill('#eeeeee').restore();
    let x = left;
    doc.font(font).fontSize(8).fillColor('black');
    texts.forEach((t, i) => {
      doc.text(t, x + pad, y + pad, { width: widths[i] - 2 * pad });
      x += widths[i];
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + full, y + h)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke();
    doc.x = left;
    doc.y = y + h;
  };
  // The header is not left alone at the foot of a page.
  if (doc.y + 40 > bottomOf(doc)) doc.addPage();
  drawRow(b.columns, 'Helvetica-Bold', true);
  if (!b.rows.length)
    drawRow(
      b.columns.map((_, i) => (i === 0 ? 'None' : '')),
      'Helvetica',
      false,
    );
  for (const r of b.rows) drawRow(r, 'Helvetica', false);
  doc.moveDown(0.5);
}

function drawBlock(doc: PDFKit.PDFDocument, b: Block) {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  if (b.kind === 'text') {
    doc
      .font(b.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(b.size ?? 10)
      .fillColor('black');
    doc.text(fitWords(doc, pdfText(b.text), width), { width, align: b.align ?? 'left' });
    doc.moveDown(0.5);
  } else if (b.kind === 'lines') {
    doc.font('Helvetica').fontSize(10).fillColor('black');
    const texts = b.lines.map((l) => fitWords(doc, pdfText(l), width));
    const h = texts.reduce((sum, t) => sum + doc.heightOfString(t, { width }), 0) + (b.gapBefore ?? 0);
    if (doc.y + h > bottomOf(doc) && !atPageTop(doc)) doc.addPage();
    else doc.y += b.gapBefore ?? 0;
    for (const t of texts) doc.text(t, { width });
    doc.moveDown(0.5);
  } else if (b.kind === 'fields') {
    for (const [k, v] of b.rows) {
      doc.font('Helvetica-Bold').fontSize(9);
      doc.text(`${fitWords(doc, pdfText(k), width)}: `, { continued: true, width });
      doc.font('Helvetica');
      doc.text(fitWords(doc, pdfText(v || '-'), width), { width });
    }
    doc.moveDown(0.5);
  } else if (b.kind === 'chart') drawChart(doc, b);
  else drawTable(doc, b);
}

export function renderPdf(d: RenderDoc, stamp: Stamp): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    bufferPages: true,
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_H },
    info: { Title: pdfText(d.title), Subject: pdfText(d.subtitle), Creator: 'Judgment Recovery Case Service' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(18).fillColor('black');
  doc.text(fitWords(doc, pdfText(d.title), width), { width });
  if (d.subtitle) {
    doc.moveDown(0.2);
    doc.font('Helvetica').fontSize(11);
    doc.text(fitWords(doc, pdfText(d.subtitle), width), { width });
  }
  doc.moveDown(0.6);
  if (d.cover.length) drawBlock(doc, { kind: 'fields', rows: d.cover });
  for (const s of d.sections) {
    if (s.newPage && !atPageTop(doc)) {
      // An appendix starts a page, unless the page holds little yet: then a rule sets it apart
      // (a page with a signature block alone would be mostly blank).
      const used = (doc.y - doc.page.margins.top) / (bottomOf(doc) - doc.page.margins.top);
      if (used > APPENDIX_FILL) doc.addPage();
      else {
        doc.moveDown(1);
        doc
          .moveTo(doc.page.margins.left, doc.y)
          .lineTo(doc.page.margins.left + width, doc.y)
          .lineWidth(0.8)
          .strokeColor('#333333')
          .stroke();
        doc.moveDown(1);
      }
    }
    if (s.title) {
      // Keep the heading with the start of its section.
      if (doc.y + KEEP_WITH_NEXT > bottomOf(doc)) doc.addPage();
      doc.moveDown(atPageTop(doc) ? 0 : 0.4);
      doc.font('Helvetica-Bold').fontSize(12).fillColor('black');
      doc.text(fitWords(doc, pdfText(s.title), width), { width });
      doc.moveDown(0.3);
    }
    for (const b of s.blocks) drawBlock(doc, b);
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would start a new page: lift the margin while stamping.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 6;
    doc.font('Helvetica').fontSize(7).fillColor('#444444');
    const id = d.showExportId === false ? '' : `Export ${stamp.exportId} | `;
    doc.text(`${id}JSON bundle SHA-256 ${stamp.bundleSha256}`, MARGIN, y, { lineBreak: false });
    doc.text(`Page ${i + 1 - range.start} of ${range.count}`, MARGIN, y + 10, { lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
