'use client';

import cytoscape, { type Core } from 'cytoscape';
import { useEffect, useRef } from 'react';
import type { Graph } from './types';

/** Node colours by kind (legend shown beside the graph). */
export const KIND_COLORS: Record<string, string> = {
  wallet: '#1d4ed8',
  person: '#7c3aed',
  entity: '#a16207',
  exchange: '#047857',
  counterparty: '#475569',
};

/**
 * The attribution graph drawn with cytoscape: nodes coloured by kind, edges labelled with
 * their confidence (claims) or transfer totals. Clicking a node selects it.
 */
export function AttributionGraph({ graph, onSelect }: { graph: Graph; onSelect: (nodeId: string | null) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | null>(null);
  useEffect(() => {
    if (!box.current) return;
    const instance = cytoscape({
      container: box.current,
      elements: [
        ...graph.nodes.map((n) => ({
          data: {
            id: n.id,
            label: n.label.length > 24 ? `${n.label.slice(0, 10)}…${n.label.slice(-6)}` : n.label,
            kind: n.kind,
          },
        })),
        ...graph.edges.map((e) => ({
          data: { id: e.id, source: e.source, target: e.target, label: e.label, kind: e.kind },
        })),
      ],
      style: [
        {
          selector: 'node',
          style: {
            'background-color': (el: cytoscape.NodeSingular) => KIND_COLORS[el.data('kind')] ?? '#475569',
            label: 'data(label)',
            'font-size': 9,
            color: '#0f172a',
            'text-valign': 'bottom',
            'text-margin-y': 3,
          },
        },
        { selector: 'node:selected', style: { 'border-width': 3, 'border-color': '#f59e0b' } },
        {
          selector: 'edge',
          style: {
            width: 1.5,
            'line-color': '#94a3b8',
            'target-arrow-color': '#94a3b8',
            'target-arrow-shape': 'triangle',
            'curve-style': 'bezier',
            label: 'data(label)',
            'font-size': 8,
            color: '#334155',
            'text-rotation': 'autorotate',
          },
        },
        {
          selector: 'edge[kind = "claim"]',
          style: { 'line-style': 'dashed', 'line-color': '#7c3aed', 'target-arrow-color': '#7c3aed' },
        },
      ],
      layout: { name: 'cose', animate: false },
    });
    instance.on('tap', 'node', (ev) => onSelect(ev.target.id()));
    instance.on('tap', (ev) => {
      if (ev.target === instance) onSelect(null);
    });
    cy.current = instance;
    // Exposed for end-to-end tests, which click a node by id through cytoscape's own API.
    (box.current as HTMLDivElement & { cy?: Core }).cy = instance;
    return () => instance.destroy();
  }, [graph, onSelect]);
  return (
    <div
      ref={box}
      data-testid="attribution-graph"
      role="img"
      aria-label={`Attribution graph: ${graph.nodes.length} nodes, ${graph.edges.length} edges`}
      className="h-96 w-full rounded border border-slate-200"
    />
  );
}
