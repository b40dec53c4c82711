import type { Block } from './document';
import { pdfText } from './pdf-text';
import { fitWords } from './fit-words';

type Chart = Extract<Block, { kind: 'chart' }>;

const HEIGHT = 200;
const AXIS_W = 70;

/** A round step for the y axis (1, 2 or 5 times a power of ten) giving about four ticks. */
function niceStep(max: number): number {
  const raw = max / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((k) => k * p).find((s) => s >= raw) ?? raw;
}

const label = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 0 });

/**
 * Draws a line chart with pdfkit vector paths: axes, a grid with labelled y ticks, the first,
 * middle and last x labels, one polyline (with point markers) per series, and a legend.
 * Values are plotted from zero, so a line's height reads as an amount.
 */
export function drawChart(doc: PDFKit.PDFDocument, c: Chart) {
  const left = doc.page.margins.left;
  const full = doc.page.width - left - doc.page.margins.right;
  if (doc.y + HEIGHT + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(10).fillColor('black');
  doc.text(fitWords(doc, pdfText(c.title), full), left, doc.y, { width: full });
  const top = doc.y + 8;
  const x0 = left + AXIS_W;
  const w = full - AXIS_W - 10;
  const y0 = top + HEIGHT;
  const max = Math.max(1, ...c.series.flatMap((s) => s.values));
  const step = niceStep(max);
  const yMax = Math.ceil(max / step) * step;
  const yOf = (v: number) => y0 - (v / yMax) * HEIGHT;
  const n = c.x.length;
  const xOf = (i: number) => (n <= 1 ? x0 + w / 2 : x0 + (i * w) / (n - 1));
  doc.save();
  doc.font('Helvetica').fontSize(7).fillColor('#444444');
  for (let v = 0; v <= yMax + step / 2; v += step) {
    doc
      .moveTo(x0, yOf(v))
      .lineTo(x0 + w, yOf(v))
      .lineWidth(0.3)
      .strokeColor('#cccccc')
      .stroke();
    doc.text(`${label(v)} ${c.unit}`, left, yOf(v) - 3, { width: AXIS_W - 6, align: 'right', lineBreak: false });
  }
  doc
    .moveTo(x0, top)
    .lineTo(x0, y0)
    .lineTo(x0 + w, y0)
    .lineWidth(0.8)
    .strokeColor('#333333')
    .stroke();
  const ticks = [...new Set([0, Math.floor((n - 1) / 2), n - 1])].filter((i) => i >= 0);
  for (const i of ticks)
    doc.text(pdfText(c.x[i]), xOf(i) - 30, y0 + 4, { width: 60, align: 'center', lineBreak: false });
  for (const s of c.series) {
    if (!s.values.length) continue;
    doc.moveTo(xOf(0), yOf(s.values[0]));
    s.values.forEach((v, i) => {
      if (i) doc.lineTo(xOf(i), yOf(v));
    });
    doc.lineWidth(1.6).strokeColor(s.color).stroke();
    s.values.forEach((v, i) => doc.circle(xOf(i), yOf(v), 1.8).fill(s.color));
  }
  let lx = x0;
  const ly = y0 + 18;
  for (const s of c.series) {
    doc.rect(lx, ly, 10, 6).fill(s.color);
    doc
      .fillColor('black')
      .fontSize(8)
      .text(pdfText(s.label), lx + 14, ly - 1, { lineBreak: false });
    lx += 30 + doc.widthOfString(pdfText(s.label));
  }
  doc.restore();
  doc.x = left;
  doc.y = ly + 18;
}
