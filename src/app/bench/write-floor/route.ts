/** The benchmark's write floor (src/server/http/write-floor.ts): 404 unless MD_BENCH_WRITE_FLOOR=1. */
import { writeFloor } from '@/server/http/write-floor';

export const dynamic = 'force-dynamic';
export const POST = writeFloor;
