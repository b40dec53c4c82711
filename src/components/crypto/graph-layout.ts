/**
 * A deterministic, readable layout of the attribution graph, computed here rather than by a
 * force simulation: the same graph always gets the same positions (a simulation seeded by the
 * clock moved every node on each load), node labels sit in a grid whose cells are wider and
 * taller than any label (so two labels can never overlap), and parallel edges are summarised
 * into one. Pure: no DOM, no cytoscape; the component feeds the positions to a preset layout.
 */
import type { Graph } from './types';

/** Columns from left to right: who controls, what holds, where funds go. */
const KIND_COLUMN: Record<string, number> = { person: 0, entity: 0, wallet: 1, counterparty: 2, exchange: 3 };
/** The longest label shown; a longer one (an address) keeps its start and end. */
export const LABEL_CHARS = 22;
/** Label box: characters at about 6 px (9 px font) and one line of 12 px, under the node. */
const CHAR_W = 6;
const LABEL_H = 12;
const NODE_SIZE = 24;
/** The grid cell, larger than any label box plus its node, so boxes of distinct cells never meet. */
export const CELL_W = LABEL_CHARS * CHAR_W + 24;
export const CELL_H = NODE_SIZE + LABEL_H + 18;
/** A column holds at most this many nodes; more wrap into further sub-columns of the same kind. */
export const MAX_ROWS = 12;

export interface LaidNode {
  id: string;
  kind: string;
  label: string;
  x: number;
  y: number;
  /** The label's box (centred under the node), for overlap checks and hit areas. */
  box: { x: number; y: number; w: number; h: number };
}

export interface SummaryEdge {
  id: string;
  source: string;
  target: string;
  kind: string;
  /** How many edges of the graph this one stands for. */
  count: number;
  label: string;
}

export interface GraphLayout {
  nodes: LaidNode[];
  edges: SummaryEdge[];
  width: number;
  height: number;
  /** The kinds present, in column order (for the legend). */
  kinds: string[];
}

/** "0x02466e547bfdab679fc49e96bbfc62b9747d997c" → "0x02466e54…b9747d997c" (at most LABEL_CHARS). */
export function shortLabel(label: string): string {
  if (label.length <= LABEL_CHARS) return label;
  const keep = LABEL_CHARS - 1;
  const head = Math.ceil(keep / 2);
  return `${label.slice(0, head)}…${label.slice(label.length - (keep - head))}`;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Edges of the same kind between the same two nodes become one, labelled with their count. */
export function summariseEdges(edges: Graph['edges']): SummaryEdge[] {
  const groups = new Map<string, Graph['edges']>();
  for (const e of edges) {
    const key = `${e.source}\u0000${e.target}\u0000${e.kind}`;
    const g = groups.get(key);
    if (g) g.push(e);
    else groups.set(key, [e]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => byId(a, b))
    .map(([, g]) => {
      const first = [...g].sort((a, b) => byId(a.id, b.id))[0];
      const noun = first.kind === 'claim' ? 'claims' : `${first.kind.replace(/_/g, ' ')} edges`;
      return {
        id: g.length === 1 ? first.id : `${first.id}+${g.length - 1}`,
        source: first.source,
        target: first.target,
        kind: first.kind,
        count: g.length,
        label: g.length === 1 ? first.label : `${g.length} ${noun}`,
      };
    });
}

/**
 * Positions for every node: a column per kind (wrapping after MAX_ROWS), nodes in a column
 * ordered by the mean row of their neighbours in the columns already placed (fewer crossings),
 * ties by id. Same graph, same positions, whatever order the nodes and edges arrive in.
 */
export function layoutGraph(graph: Pick<Graph, 'nodes' | 'edges'>): GraphLayout {
  const nodes = [...graph.nodes].sort((a, b) => byId(a.id, b.id));
  const ids = new Set(nodes.map((n) => n.id));
  const edges = summariseEdges(graph.edges).filter((e) => ids.has(e.source) && ids.has(e.target));
  const neighbours = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    const l = neighbours.get(a);
    if (l) l.push(b);
    else neighbours.set(a, [b]);
  };
  for (const e of edges) {
    link(e.source, e.target);
    link(e.target, e.source);
  }
  const columnOf = (kind: string) => KIND_COLUMN[kind] ?? 4;
  const columns = [...new Set(nodes.map((n) => columnOf(n.kind)))].sort((a, b) => a - b);
  const row = new Map<string, number>();
  const laid: LaidNode[] = [];
  let x0 = 0;
  let height = 0;
  for (const col of columns) {
    const members = nodes.filter((n) => columnOf(n.kind) === col);
    const rank = (id: string) => {
      const placed = (neighbours.get(id) ?? []).map((n) => row.get(n)).filter((r): r is number => r !== undefined);
      return placed.length ? placed.reduce((s, r) => s + r, 0) / placed.length : Number.POSITIVE_INFINITY;
    };
    const ranked = members
      .map((n) => ({ n, r: rank(n.id) }))
      .sort((a, b) => (a.r === b.r ? byId(a.n.id, b.n.id) : a.r < b.r ? -1 : 1));
    ranked.forEach(({ n }, i) => {
      const sub = Math.floor(i / MAX_ROWS);
      const r = i % MAX_ROWS;
      row.set(n.id, r);
      const x = x0 + sub * CELL_W + CELL_W / 2;
      const y = r * CELL_H + NODE_SIZE / 2;
      const label = shortLabel(n.label);
      const w = Math.max(label.length, 1) * CHAR_W;
      laid.push({
        id: n.id,
        kind: n.kind,
        label,
        x,
        y,
        box: { x: x - w / 2, y: y + NODE_SIZE / 2 + 3, w, h: LABEL_H },
      });
      height = Math.max(height, (r + 1) * CELL_H);
    });
    // Sub-columns of a kind, then a gap before the next kind.
    x0 += Math.ceil(members.length / MAX_ROWS) * CELL_W + CELL_W / 3;
  }
  const kinds = [...new Set(nodes.map((n) => n.kind))].sort((a, b) => columnOf(a) - columnOf(b) || byId(a, b));
  return { nodes: laid, edges, width: Math.max(0, x0 - CELL_W / 3), height, kinds };
}

/** Do two label boxes overlap (touching edges do not count)? */
export function boxesOverlap(a: LaidNode['box'], b: LaidNode['box']): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
