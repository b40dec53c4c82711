import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { HolidayTable } from '../../domain/sanctions/business-days';
import type { ScreenData } from '../../domain/sanctions/screen';
import { addressIndex } from './address-data';
import { sdnIndex } from './sdn-data';

/** Both screening indexes, loaded once per process: the screening thread's (screen-worker.ts). */
export const screenData = (): ScreenData => ({ names: sdnIndex(), addresses: addressIndex() });

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
