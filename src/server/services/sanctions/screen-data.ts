import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { HolidayTable } from '../../domain/sanctions/business-days';
import type { ScreenData } from '../../domain/sanctions/screen';
import { log } from '../../log';
import { addressIndex } from './address-data';
import { sdnIndex } from './sdn-data';

/** Both screening indexes (loaded once per process): what every screening caller passes on. */
export const screenData = (): ScreenData => ({ names: sdnIndex(), addresses: addressIndex() });

/**
 * Loads both indexes now: reading and indexing the SDN list takes about 0.5 s of CPU (more on a
 * busy machine), which would otherwise stall the event loop inside the first screening request.
 * Called once at server start (src/instrumentation.ts). A file that fails to load is logged and
 * left to fail the screening requests themselves, which then answer an error.
 */
export function warmScreenData(): { ms: number; entries: number; as_of: string | null } | null {
  const t0 = performance.now();
  try {
    const d = screenData();
    return { ms: Math.round(performance.now() - t0), entries: d.names.entries.length, as_of: d.names.dataset.as_of };
  } catch (e) {
    log.error({ err: String(e) }, 'sanctions lists failed to load at start');
    return null;
  }
}

let holidays: HolidayTable | null = null;

/** The shipped US federal holiday table (data/us-federal-holidays/holidays.json). */
export function holidayTable(): HolidayTable {
  if (!holidays) {
    const file = path.join(/* turbopackIgnore: true */ process.cwd(), 'data/us-federal-holidays/holidays.json');
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { years: [number, number]; holidays: { date: string }[] };
    holidays = { dates: new Set(raw.holidays.map((h) => h.date)), years: raw.years };
  }
  return holidays;
}
