import PDFDocument from 'pdfkit';
import type { Block, RenderDoc, Stamp } from './document';
import { drawChart } from './chart';
import { pdfText } from './pdf-text';
import { fitWords } from './fit-words';

export { pdfText };

/**
 * Renders a document with pdfkit (standard Helvetica, so no font files to ship): a cover,
 * the sections, tables that repeat their header across pages, and on every page a footer with
 * the page number, the export id and the SHA-256 of the export's JSON bundle.
 */
const MARGIN = 54;
const FOOTER_H = 30;

function drawTable(doc: PDFKit.PDFDocument, b: Extract<Block, { kind: 'table' }>) {
  const left = doc.page.margins.left;
  const full = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const total = b.widths.reduce((s, w) => s + w, 0);
  const widths = b.widths.map((w) => (w / total) * full);
  const pad = 3;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const drawRow = (cells: string[], font: string, shade: boolean) => {
    doc.font(font).fontSize(8);
    const texts = cells.map((c, i) => fitWords(doc, pdfText(c || '-'), widths[i] - 2 * pad));
    const h = Math.max(...texts.map((t, i) => doc.heightOfString(t, { width: widths[i] - 2 * pad }))) + 2 * pad;
    if (doc.y + h > bottom()) {
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
    doc.font('Helvetica').fontSize(10).fillColor('black');
    doc.text(fitWords(doc, pdfText(b.text), width), { width });
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
  // Cover
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.moveDown(6);
  doc.font('Helvetica-Bold').fontSize(22);
  doc.text(fitWords(doc, pdfText(d.title), width), { align: 'center', width });
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(12);
  doc.text(fitWords(doc, pdfText(d.subtitle), width), { align: 'center', width });
  doc.moveDown(3);
  drawBlock(doc, {
    kind: 'fields',
    rows: [...d.cover, ['Export', stamp.exportId], ['JSON bundle SHA-256', stamp.bundleSha256]],
  });
  for (const s of d.sections) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(14).fillColor('black');
    doc.text(fitWords(doc, pdfText(s.title), width), { width });
    doc.moveDown(0.5);
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
    doc.text(`Export ${stamp.exportId} | JSON bundle SHA-256 ${stamp.bundleSha256}`, MARGIN, y, { lineBreak: false });
    doc.text(`Page ${i + 1 - range.start} of ${range.count}`, MARGIN, y + 10, { lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
