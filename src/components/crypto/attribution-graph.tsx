'use client';

import cytoscape, { type Core } from 'cytoscape';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Graph } from './types';
import { layoutGraph } from './graph-layout';

/** Node colours by kind (the legend under the graph names the kinds present). */
export const KIND_COLORS: Record<string, string> = {
  wallet: '#1d4ed8',
  person: '#7c3aed',
  entity: '#a16207',
  exchange: '#047857',
  counterparty: '#475569',
};

const humanize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1).replace(/_/g, ' ') : s);

/**
 * The attribution graph drawn with cytoscape at the positions of `layoutGraph` (a preset
 * layout: the same graph always looks the same, and node labels sit in a grid where they
 * cannot overlap). Parallel edges are drawn once, thicker by their count; edge labels show
 * only for the selected node's edges, so they never cover each other or a node's label.
 * Clicking a node selects it; "Zoom to" centres and enlarges one.
 */
export function AttributionGraph({ graph, onSelect }: { graph: Graph; onSelect: (nodeId: string | null) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | null>(null);
  const layout = useMemo(() => layoutGraph(graph), [graph]);
  const [focus, setFocus] = useState('');
  useEffect(() => {
    if (!box.current) return;
    const instance = cytoscape({
      container: box.current,
      elements: [
        ...layout.nodes.map((n) => ({
          data: { id: n.id, label: n.label, kind: n.kind },
          position: { x: n.x, y: n.y },
        })),
        ...layout.edges.map((e) => ({
          data: {
            id: e.id,
            source: e.source,
            target: e.target,
            label: e.label,
            kind: e.kind,
            width: Math.min(1.5 + Math.log2(e.count), 6),
          },
        })),
      ],
      style: [
        {
          selector: 'node',
          style: {
            'background-color': (el: cytoscape.NodeSingular) => KIND_COLORS[el.data('kind')] ?? '#475569',
            label: 'data(label)',
            width: 24,
            height: 24,
            'font-size': 9,
            color: '#0f172a',
            'text-valign': 'bottom',
            'text-margin-y': 3,
            'min-zoomed-font-size': 6,
          },
        },
        { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#f59e0b' } },
        {
          selector: 'edge',
          style: {
            width: 'data(width)',
            'line-color': '#94a3b8',
            'target-arrow-color': '#94a3b8',
            'target-arrow-shape': 'triangle',
            'curve-style': 'bezier',
            'font-size': 8,
            color: '#334155',
            'text-rotation': 'autorotate',
            'text-background-color': '#ffffff',
            'text-background-opacity': 0.9,
          },
        },
        {
          selector: 'edge[kind = "claim"]',
          style: { 'line-style': 'dashed', 'line-color': '#7c3aed', 'target-arrow-color': '#7c3aed' },
        },
        // Only the selected node's edges say what they are.
        { selector: 'edge.near', style: { label: 'data(label)', 'line-color': '#f59e0b' } },
      ],
      layout: { name: 'preset', fit: true, padding: 24 },
      wheelSensitivity: 0.3,
    });
    const mark = (id: string | null) => {
      instance.edges().removeClass('near');
      if (id) instance.getElementById(id).connectedEdges().addClass('near');
    };
    instance.on('tap', 'node', (ev) => {
      mark(ev.target.id());
      onSelect(ev.target.id());
    });
    instance.on('tap', (ev) => {
      if (ev.target === instance) {
        mark(null);
        onSelect(null);
      }
    });
    cy.current = instance;
    // Exposed for end-to-end tests, which click a node by id through cytoscape's own API.
    (box.current as HTMLDivElement & { cy?: Core }).cy = instance;
    return () => instance.destroy();
  }, [layout, onSelect]);

  const zoomTo = (id: string) => {
    setFocus(id);
    const c = cy.current;
    if (!c) return;
    if (!id) {
      c.fit(undefined, 24);
      return;
    }
    const n = c.getElementById(id);
    c.nodes().unselect();
    n.select();
    c.edges().removeClass('near');
    n.connectedEdges().addClass('near');
    c.animate({ center: { eles: n }, zoom: Math.max(c.zoom(), 1.6) }, { duration: 200 });
    onSelect(id);
  };

  return (
    <div>
      <div className="mb-1 flex flex-wrap items-center gap-2 text-xs">
        <label htmlFor="graph-zoom" className="text-slate-700">
          Zoom to
        </label>
        <select
          id="graph-zoom"
          value={focus}
          onChange={(e) => zoomTo(e.target.value)}
          className="max-w-full rounded border border-slate-300 px-1 py-0.5"
        >
          <option value="">Whole graph</option>
          {layout.nodes.map((n) => (
            <option key={n.id} value={n.id}>
              {humanize(n.kind)}: {n.label}
            </option>
          ))}
        </select>
        <span className="text-slate-600">
          {layout.nodes.length} nodes, {graph.edges.length} edges
          {layout.edges.length < graph.edges.length ? ` (drawn as ${layout.edges.length})` : ''}
        </span>
      </div>
      <div
        ref={box}
        data-testid="attribution-graph"
        role="img"
        aria-label={`Attribution graph: ${graph.nodes.length} nodes, ${graph.edges.length} edges`}
        className="h-96 w-full rounded border border-slate-200"
      />
      <ul aria-label="Legend" className="mt-1 flex flex-wrap gap-3 text-xs">
        {layout.kinds.map((k) => (
          <li key={k} className="flex items-center gap-1">
            <span
              className="inline-block h-2.5 w-2.5 rounded-full"
              style={{ background: KIND_COLORS[k] ?? '#475569' }}
            />
            {humanize(k)}
          </li>
        ))}
        <li className="flex items-center gap-1">
          <span className="inline-block w-5 border-t-2 border-dashed" style={{ borderColor: '#7c3aed' }} />
          Claim
        </li>
        <li className="flex items-center gap-1">
          <span className="inline-block w-5 border-t-2" style={{ borderColor: '#94a3b8' }} />
          Transfer or link (thicker: several, drawn once)
        </li>
      </ul>
    </div>
  );
}
