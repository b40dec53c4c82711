"""Derives data/labels/graphsense_btc_tron_exchange_labels.csv from GraphSense tagpacks.

Usage: python3 scripts/data/build-graphsense-labels.py <graphsense-tagpacks checkout>/packs > data/labels/graphsense_btc_tron_exchange_labels.csv
Keeps Bitcoin (BTC) and Tron (TRX) tags whose category is `exchange`, with each tag's
provenance: pack file, label, actor, source, GraphSense confidence id and lastmod. Header
fields of a pack are defaults that a tag's own fields override (tagpack_schema.yaml).
"""
import csv, os, sys, yaml

packs = sys.argv[1]
out = csv.writer(sys.stdout, lineterminator='\n')
out.writerow(['chain', 'address', 'entity_label', 'category', 'label', 'confidence', 'source', 'lastmod', 'tagpack'])
rows = set()
for name in sorted(os.listdir(packs)):
    if not name.endswith('.yaml'):
        continue
    with open(os.path.join(packs, name)) as f:
        pack = yaml.safe_load(f)
    header = {k: v for k, v in pack.items() if k != 'tags'}
    for tag in pack.get('tags') or []:
        t = {**header, **tag}
        cur = str(t.get('currency') or t.get('network') or '').upper()
        if cur not in ('BTC', 'TRX') or t.get('category') != 'exchange' or not t.get('address'):
            continue
        chain = 'bitcoin' if cur == 'BTC' else 'tron'
        entity = str(t.get('actor') or t.get('label') or '').strip().lower()
        rows.add((chain, str(t['address']).strip(), entity, 'exchange', str(t.get('label') or '').strip(),
                  str(t.get('confidence') or 'unknown'), str(t.get('source') or ''), str(t.get('lastmod') or ''), f'packs/{name}'))
for r in sorted(rows):
    out.writerow(r)
